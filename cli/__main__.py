"""``python -m cli``: the command line, started through the package (safe from a graph.py in the
working directory when run with ``-P``)."""

from cli.main import main

main()
