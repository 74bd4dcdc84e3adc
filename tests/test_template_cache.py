"""Compiled templates are kept in the instance folder between processes, and a folder that
cannot be written to costs only the compilation."""

from __future__ import annotations

from pathlib import Path

from flask import render_template
from jinja2 import DictLoader, Environment

from pbem.core.template_cache import template_cache


def test_a_rendered_template_is_kept_compiled_in_the_instance_folder(app):
    folder = Path(app.instance_path) / "template-cache"
    with app.app_context():
        first = render_template("mail/reply/_legal.html", legal=[["Mc3", "Md4"], ["Sa1"]])
    assert "Mc3 Md4<br>Sa1" in first
    assert [path.suffix for path in folder.iterdir()] == [".cache"]
    app.jinja_env.cache.clear()  # as a new process would have it: compiled only on disk
    with app.app_context():
        assert render_template("mail/reply/_legal.html",
                               legal=[["Mc3", "Md4"], ["Sa1"]]) == first


def test_a_cache_folder_that_cannot_be_used_is_no_error(tmp_path):
    (tmp_path / "template-cache").write_text("a file where the folder would be")
    assert template_cache(str(tmp_path)) is None
    other = tmp_path / "other"
    other.mkdir()
    cache = template_cache(str(other))
    (other / "template-cache").rmdir()
    (other / "template-cache").write_text("gone: replaced by a file")
    env = Environment(loader=DictLoader({"t.txt": "{{ 1 + 1 }}"}), bytecode_cache=cache)
    assert env.get_template("t.txt").render() == "2"
