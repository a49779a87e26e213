"""The settings registry: defaults, environment, overrides, and that every setting is documented."""

import pytest

from vocab.config import PROJECT_ROOT, SETTINGS, load_settings, settings_table


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


def test_every_setting_is_documented_in_the_readme() -> None:
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    for setting in SETTINGS:
        assert f"`{setting.name}`" in readme, f"setting {setting.name} is missing from README.md"
        assert setting.help


def test_the_readme_settings_table_is_the_registrys() -> None:
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("<!-- settings:", 1)[1].split("-->\n", 1)[1].split("<!-- /settings -->", 1)[0]
    assert section == settings_table(), "regenerate the README's table with vocab.config.settings_table()"
