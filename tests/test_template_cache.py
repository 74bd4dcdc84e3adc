"""Compiled templates are kept in the instance folder between processes, and a folder that
cannot be written to costs only the compilation."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment, FileSystemLoader

from pbem.core.template_cache import TemplateCache, template_cache


def test_the_app_keeps_compiled_templates_in_its_instance_folder(app):
    cache = app.jinja_env.bytecode_cache
    assert isinstance(cache, TemplateCache)
    assert Path(cache.directory).parent == Path(app.instance_path) / "template-cache"


def test_code_compiled_under_other_settings_is_never_loaded(tmp_path, monkeypatch):
    """Jinja checks a cached template against its source, not against the environment's
    settings: a page compiled without ``finalize`` (by the release before it) would print a
    lazy translation unescaped. Each setting gets its folder."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.txt").write_text("{{ x }}")

    def environment(**settings):
        return Environment(loader=FileSystemLoader(str(tmp_path / "templates")), **settings,
                           bytecode_cache=template_cache(str(tmp_path), ",".join(settings)))

    assert environment().get_template("t.txt").render(x=1) == "1"
    finalized = environment(finalize=lambda value: value * 2)
    assert finalized.bytecode_cache.directory != environment().bytecode_cache.directory
    assert finalized.get_template("t.txt").render(x=1) == "2"


def test_a_second_process_renders_from_the_cache_without_compiling(tmp_path, monkeypatch):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.txt").write_text("{% for x in xs %}{{ x * 2 }} {% endfor %}")

    def environment():
        return Environment(loader=FileSystemLoader(str(tmp_path / "templates")),
                           bytecode_cache=template_cache(str(tmp_path)))

    assert environment().get_template("t.txt").render(xs=[1, 2]) == "2 4 "
    assert len(list((tmp_path / "template-cache").iterdir())) == 1
    second = environment()  # as a new process would have it: compiled only on disk
    monkeypatch.setattr(second, "compile", lambda *a, **k: pytest.fail("compiled again"))
    assert second.get_template("t.txt").render(xs=[3]) == "6 "


def test_a_cache_folder_that_cannot_be_used_is_no_error(tmp_path):
    (tmp_path / "template-cache").write_text("a file where the folder would be")
    assert template_cache(str(tmp_path)) is None
    other = tmp_path / "other"
    other.mkdir()
    cache = template_cache(str(other))
    Path(cache.directory).rmdir()
    Path(cache.directory).write_text("gone: replaced by a file")
    env = Environment(loader=DictLoader({"t.txt": "{{ 1 + 1 }}"}), bytecode_cache=cache)
    assert env.get_template("t.txt").render() == "2"
