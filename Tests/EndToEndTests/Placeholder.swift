// Placeholder so that the package builds; the owner of this target replaces it.
import Testing
