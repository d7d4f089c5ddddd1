"""``python -m kassist``: the command line, started through the package (safe from a graph.py in the
working directory when run with ``-P``)."""

from kassist.cli import main

main()
