"""kassist: shared configuration (database URLs, tenancy) and the one data layer (kassist/db/); the
command line is the top-level package cli/."""
