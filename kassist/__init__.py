"""kassist: shared configuration (database URLs, tenancy) and the command line."""
