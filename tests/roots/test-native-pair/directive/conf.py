import pathlib
exec((pathlib.Path(__file__).parent.parent / "conf.py").read_text(encoding="utf-8"))
