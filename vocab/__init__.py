"""The bottom of the project, used by every stage and importing none: settings (config), errors, formats and
media types, namespaces and IRI minting, the saved queries' reader."""
