"""The fuzz harnesses here run by themselves (atheris), not under pytest."""

collect_ignore = ["loaders.py"]
