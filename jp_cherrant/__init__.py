"""ChERRANT for jp-shims."""
