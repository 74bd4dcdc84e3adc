"""The package list, which pyproject.toml cannot express: DESIGN.md keeps ``templates/`` and
``migrations/`` at the top of the repository, and the wheel carries them inside the package
(as ``pbem/templates`` and ``pbem/migrations``) so it runs with no checkout beside it; the
operator's kit, ``deploy/``, goes in as ``pbem/deploy`` (``pbem deploy print``). All
other settings are in pyproject.toml."""

from setuptools import find_packages, setup

#: Top-level folders shipped as parts of the package.
MAPPED = {"pbem.templates": "templates", "pbem.migrations": "migrations",
          "pbem.deploy": "deploy"}

setup(
    packages=[*find_packages(include=["pbem", "pbem.*"],
                             exclude=["pbem.static*", "pbem.rules*"]), *MAPPED],
    package_dir=MAPPED,
)
