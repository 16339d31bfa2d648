extensions = ["myst_parser", "sphinx_rfc"]
project = "headings-zh"
exclude_patterns = ["_build"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
rfc_modules = {
    "model": "模型定义",
    "distributed": "并行运行时",
    "checkpoint": "保存与加载",
    "optimizer": "优化器",
    "trainer": "训练循环",
}
