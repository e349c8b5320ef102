"""The application: the CLI, paths and configuration, and (later) the Textual app."""
