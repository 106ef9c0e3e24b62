"""The record on paper: PDFs made from the same fields as every other surface."""
