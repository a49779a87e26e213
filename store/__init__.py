"""Store stage: Oxigraph stores on disk, built aside and switched in atomically; read-side lookups."""
