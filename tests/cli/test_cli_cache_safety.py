"""The kept environment of ``sphinx-rfc`` is the user's own and never a
way in (issue #15; docs/reference/security.md): it lives in the user's
cache folder, private; a cache another user could have written is
refused, never unpickled; a damaged one is rebuilt, never a traceback."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from conftest import ROOTS

from sphinx_rfc.cli import main
from sphinx_rfc.cli.cache import _cache_key, _manifest

LISTED = [
    "RFC-0010  accepted  Optimizer state offload",
    "RFC-0011  accepted  优化器状态卸载",
    "RFC-0012  accepted  Fused attention kernels",
    "RFC-0013  accepted  融合注意力算子",
]
#: Someone else: the user ``nobody`` of most systems.
OTHER_UID = 65534


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's cache folder, and a temporary folder like ``/tmp`` (anyone
    may write, sticky), both of this test only."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    tmp.chmod(0o1777)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return cache


@pytest.fixture
def srcdir(tmp_path: Path, cache_home: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-checks-clean", src)
    return src


def listed(capsys: pytest.CaptureFixture[str], src: Path) -> str:
    """``sphinx-rfc list``, which must work; its standard error."""
    code, out, err = run(capsys, "list", str(src))
    assert (code, out.splitlines()) == (0, LISTED), err
    return err


def kept_folder(tmp_path: Path, src: Path) -> Path:
    """The folder where the code under test keeps *src*'s environment: the
    one folder of this test that holds a manifest.  (Found by its manifest,
    not by :func:`_cache_key` computed again here: the key changes with
    the package's files, and a file of the package saved while the suite
    runs would send this search to a folder never made.)"""
    found = [p.parent for p in tmp_path.rglob("manifest.json") if p.is_file()]
    assert len(found) == 1, found
    assert found[0].parent.name == "sphinx-rfc", found  # in the cache root
    return found[0]


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The documents Sphinx reads from now on."""
    from sphinx.builders import Builder

    read: list[str] = []
    original = Builder.read_doc

    def spy(self, docname, *args, **kwargs):  # type: ignore[no-untyped-def]
        read.append(docname)
        return original(self, docname, *args, **kwargs)

    monkeypatch.setattr(Builder, "read_doc", spy)
    return read


# --------------------------------------------------------------------------
# Where the cache lives, and who may write it


def test_the_cache_is_a_private_folder_in_the_users_cache(
    capsys: pytest.CaptureFixture[str], srcdir: Path, cache_home: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    umask = os.umask(0o002)  # a common umask: group-writable files
    try:
        assert listed(capsys, srcdir) == ""
    finally:
        os.umask(umask)
    root = cache_home / "sphinx-rfc"
    folder = root / _cache_key(srcdir)
    assert (folder / "manifest.json").is_file()
    for path in [root, *root.rglob("*")]:
        info = path.lstat()
        assert info.st_uid == os.getuid(), path
        assert stat.S_IMODE(info.st_mode) & 0o077 == 0, (path, stat.filemode(info.st_mode))
    # and it is used: nothing changed, nothing is read again
    read = reads(monkeypatch)
    assert listed(capsys, srcdir) == ""
    assert read == []


def test_a_cache_folder_others_can_write_is_refused(
    capsys: pytest.CaptureFixture[str], srcdir: Path, cache_home: Path, tmp_path: Path
) -> None:
    root = cache_home / "sphinx-rfc"
    root.mkdir(parents=True)
    root.chmod(0o777)
    marker = tmp_path / "planted-code-ran"
    plant(root / _cache_key(srcdir), srcdir, marker, new_layout=True)
    for _ in range(2):
        err = listed(capsys, srcdir)
        assert not marker.exists()
        assert err.count("\n") == 1, err  # said once, on one line
        assert "not using the cache" in err and str(root) in err
        assert "written by other users" in err


@pytest.mark.skipif(os.geteuid() != 0, reason="making files of another user takes root")
def test_a_cache_planted_by_another_user_never_runs(
    capsys: pytest.CaptureFixture[str], srcdir: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # no cache folder can be made in the home: the temporary folder it is
    (tmp_path / "home").write_text("not a folder\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home" / ".cache"))
    tmp = Path(tempfile.gettempdir())
    # another user got there first, where this version and earlier ones look,
    # with an environment and the manifest of the project as it is (its
    # files are readable)
    marker = tmp_path / "planted-code-ran"
    planted = [tmp / f"sphinx-rfc-{os.getuid()}", tmp / "sphinx-rfc-cache"]
    plant(planted[0] / _cache_key(srcdir), srcdir, marker, new_layout=True)
    plant(planted[1] / _cache_key(srcdir), srcdir, marker, new_layout=False)
    for path in planted:
        for item in [path, *path.rglob("*")]:
            os.chown(item, OTHER_UID, OTHER_UID)
    for argv in (["list"], ["check"]):
        code, _out, err = run(capsys, *argv, str(srcdir))
        assert code == 0, err
        assert not marker.exists(), f"{argv[0]} ran the planted pickle"
        assert err.count("\n") == 1 and "not using the cache" in err, err
        assert f"belongs to another user (uid {OTHER_UID})" in err
    assert listed(capsys, srcdir).startswith("sphinx-rfc: not using the cache")


def test_a_lock_planted_as_a_link_is_not_followed(
    capsys: pytest.CaptureFixture[str], srcdir: Path, tmp_path: Path
) -> None:
    assert listed(capsys, srcdir) == ""
    lock = kept_folder(tmp_path, srcdir) / "lock"
    victim = tmp_path / "notes.txt"
    victim.write_text("precious\n")
    lock.unlink()
    lock.symlink_to(victim)
    listed(capsys, srcdir)
    assert victim.read_text() == "precious\n"
    assert not lock.is_symlink()
    assert listed(capsys, srcdir) == ""


def plant(folder: Path, src: Path, marker: Path, *, new_layout: bool) -> None:
    """An environment that makes *marker* when unpickled, and a manifest
    that says it is *src*'s as it is: in the layout of this version or in
    that of the versions before it."""

    class Planted:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return os.mkdir, (str(marker),)

    payload = pickle.dumps(Planted())
    (folder / "doctrees").mkdir(parents=True)
    (folder / "doctrees" / "environment.pickle").write_bytes(payload)
    manifest: object = _manifest(src)
    if new_layout:
        manifest = {
            "format": 1, "environment": hashlib.sha256(payload).hexdigest(), "files": manifest,
        }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o777 if path.is_dir() else 0o666)


# --------------------------------------------------------------------------
# A damaged cache is rebuilt


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


DAMAGES = {
    "manifest-null": lambda f: (f / "manifest.json").write_text("null"),
    "manifest-list": lambda f: (f / "manifest.json").write_text("[1, 2]"),
    "manifest-garbage": lambda f: (f / "manifest.json").write_bytes(b"\xff\xfe\x00garbage"),
    "manifest-folder": lambda f: ((f / "manifest.json").unlink(), (f / "manifest.json").mkdir()),
    "doctrees-a-file": lambda f: (shutil.rmtree(f / "doctrees"), (f / "doctrees").write_text("x")),
    "environment-truncated": lambda f: _truncate(f / "doctrees" / "environment.pickle"),
    "environment-garbage": lambda f: (f / "doctrees" / "environment.pickle").write_bytes(
        b"this is no pickle\n"
    ),
    "environment-missing": lambda f: (f / "doctrees" / "environment.pickle").unlink(),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_cache_is_rebuilt(
    capsys: pytest.CaptureFixture[str], srcdir: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, damage: str,
) -> None:
    assert listed(capsys, srcdir) == ""
    DAMAGES[damage](kept_folder(tmp_path, srcdir))
    err = listed(capsys, srcdir)
    assert err.count("\n") == 1 and "cache" in err and "unreadable" in err, err
    assert "Traceback" not in err
    # rebuilt: the next run says nothing and reads nothing again
    read = reads(monkeypatch)
    assert listed(capsys, srcdir) == ""
    assert read == []
