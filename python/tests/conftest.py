"""What every test of the Python package shares."""

import pytest


@pytest.fixture(autouse=True)
def compile_cache(tmp_path, monkeypatch):
    """Each test compiles into a cache of its own, never the user's."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache / "onnxc"
