"""Data files shipped with the knowledge package (see NOTICE for their licences)."""
