"""The ``kassist`` command line and demo: the top floor. It imports the components; no component
imports it (each command's module loads lazily from the table in ``cli/main.py``)."""
