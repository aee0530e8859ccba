"""What every app shares and no app owns: the one error root and its adapters."""
