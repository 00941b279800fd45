import BrowserCore

extension Browser {
    /// `handle(event)` with the previews it asks for (`BrowserEffect.makePreview`) made at once
    /// and handed back, as the event loop has them made on another thread: the other effects,
    /// in order. For tests of the lookup prompt that are not about when its preview comes.
    @discardableResult
    public func handleMakingPreviews(_ event: BrowserEvent) -> [BrowserEffect] {
        var others: [BrowserEffect] = []
        var pending = handle(event)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard case .makePreview(let query) = effect else { others.append(effect); continue }
            if let make = source.previewPages { pending += handle(.previewMade(PreviewOutcome(query: query, page: make(query)))) }
        }
        return others
    }
}
