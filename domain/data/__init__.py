"""The shipped text of 13-16-201 (read by domain.statute)."""
