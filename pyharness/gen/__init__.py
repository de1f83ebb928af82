"""The build's generators: asset text and PNG files -> ca65 includes and CHR data in build/.

pyharness/rom/build.py runs each as `python -m pyharness.gen.<name> SOURCE ...`; each
writes a depfile of what it read (depfile.py) so the build re-runs it when one changes.
"""
