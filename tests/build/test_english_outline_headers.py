"""Tables headed with the template's English outline words ("Strong /
weak", "Capability this round if not ready", "Parameter / config item")
are read as their kinds, with no column warnings."""

from __future__ import annotations

import json

from conftest import BuildFn

DOC = """\
# RFC - Overlap bucketed all-reduce with backward

## Component dependencies

| Component | Strong / weak | Current status | Capability this round if not ready |
| --- | --- | --- | --- |
| FSDP | strong | ready | - |
| checkpoint | not involved | - | - |

## External interface

| Parameter / config item | Type | Default | Required | Meaning |
| --- | --- | --- | --- | --- |
| `bucket_mb` | int | 25 | no | bucket size in MB |
"""


def test_english_outline_headers(build: BuildFn) -> None:
    result = build({"index.md": "```{toctree}\nrfcs/0301-overlap\n```\n",
                    "rfcs/0301-overlap.md": DOC},
                   conf='rfc_required_sections = []\nrfc_documents = ["rfcs/*"]\n')
    assert result.rfc_warnings() == []
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    (rfc,) = data["rfcs"]
    assert [(d["component"], d["strength"], d["extra"]) for d in rfc["dependencies"]] == [
        ("FSDP", "strong", {}), ("checkpoint", "none", {})]
    assert rfc["interfaces"][0]["params"][0]["name"] == "bucket_mb"
