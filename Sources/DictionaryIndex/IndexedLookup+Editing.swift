extension IndexedLookup {
    /// Brings the index up to date with the entry files now (after a save wrote one): through
    /// `IndexStore`, which reads again only the files that changed. Nothing happens when none did.
    public func bringUpToDate() {
        let index = self.index
        guard entryFilesChanged(index) else { return }
        refresh(replacing: index.data, rebuild: false)
    }
}
