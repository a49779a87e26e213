"""The settings registry: defaults, environment, overrides, and that every setting is documented."""

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from vocab.config import PROJECT_ROOT, SETTINGS, load_settings, resource_dir, settings_table


def test_precedence_default_env_override() -> None:
    assert load_settings({}, environ={})["port"] == 8000
    assert load_settings({}, environ={"BBKG_PORT": "9001"})["port"] == 9001
    assert load_settings({"port": 9002}, environ={"BBKG_PORT": "9001"})["port"] == 9002
    assert load_settings({"port": None}, environ={"BBKG_PORT": "9001"})["port"] == 9001


def test_bad_values_name_the_setting() -> None:
    with pytest.raises(ValueError, match="port"):
        load_settings({}, environ={"BBKG_PORT": "eighty"})
    with pytest.raises(ValueError, match="validate_shapes"):
        load_settings({}, environ={"BBKG_VALIDATE_SHAPES": "maybe"})
    with pytest.raises(KeyError, match="known settings"):
        load_settings({"prot": 1})
    with pytest.raises(ValueError, match="base_iri"):
        load_settings({"base_iri": "https://example.org"})
    with pytest.raises(ValueError, match="allocator takes jemalloc or system"):
        load_settings({}, environ={"BBKG_ALLOCATOR": "tcmalloc"})


def test_every_setting_is_documented() -> None:
    readme = (PROJECT_ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    for setting in SETTINGS:
        assert f"`{setting.name}`" in readme, f"setting {setting.name} is missing from docs/operations.md"
        assert setting.help


def test_the_documented_settings_table_is_the_registrys() -> None:
    readme = (PROJECT_ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    section = readme.split("<!-- settings:", 1)[1].split("-->\n", 1)[1].split("<!-- /settings -->", 1)[0]
    assert section == settings_table(), "regenerate docs/operations.md's table with vocab.config.settings_table()"


@pytest.mark.slow
def test_an_installed_wheel_finds_the_ontology_and_the_saved_queries(tmp_path) -> None:
    """The same lookup (vocab.config.resource_dir) finds the resources in a checkout and in an installed wheel,
    where they live under <prefix>/share/bbkg/."""
    assert resource_dir("ontology") == PROJECT_ROOT / "ontology"
    source = tmp_path / "source"  # built from a copy: a build leaves its build/ folder in the tree
    shutil.copytree(PROJECT_ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "var", "node_modules", "build", "*.egg-info", ".pytest_cache", "__pycache__", "benchmarks"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "wheel"),
                    str(source)], check=True, capture_output=True)
    venv.create(tmp_path / "venv", with_pip=False)
    python = tmp_path / "venv" / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    with zipfile.ZipFile(next((tmp_path / "wheel").glob("bbkg-*.whl"))) as wheel:  # what pip install does
        for name in wheel.namelist():
            data = name.split(".data/data/", 1)
            target = tmp_path / "venv" / data[1] if len(data) == 2 else Path(site) / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(wheel.read(name))
    found = subprocess.run(
        [str(python), "-c", "from vocab.config import load_settings; s = load_settings(); "
                            "print(s['ontology_dir']); print(s['queries_dir'])"],
        cwd=tmp_path, check=True, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}).stdout.split()
    ontology, queries = (Path(p) for p in found)
    assert ontology == tmp_path / "venv" / "share" / "bbkg" / "ontology"
    assert (ontology / "shapes.ttl").is_file() and (ontology / "reference" / "organizations.csv").is_file()
    assert sorted(p.name for p in queries.glob("*.rq")) == sorted(
        p.name for p in (PROJECT_ROOT / "queries").glob("*.rq"))
