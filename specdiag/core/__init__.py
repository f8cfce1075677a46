"""Pure, typed core packages: they take values, return frozen dataclasses, never print or exit."""
