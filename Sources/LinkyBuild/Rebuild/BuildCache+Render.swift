import Foundation
import LinkyModel
import LinkyTheme
import Synchronization

/// The rebuild's choreography of the render stage: which planned files to render, in which order, and
/// what of the last build each may reuse. Decided here, from the kinds' declarations (what each file
/// is made of, its fingerprint, which links it shows); `SiteRenderer` renders what it is given.
extension BuildCache {
    /// What a rebuild's render chose: the files it skipped and rendered (`RebuildPlan`), and the part
    /// key of each link, for `record`.
    struct Selection: Sendable {
        var plan: RebuildPlan
        var partKeys: [Fingerprint]
    }

    /// Renders `files` with `renderer` into an output through `store`, `keep`ing the files the last
    /// build left as they must be. The files always rendered (made from every link) that keep no parts
    /// and show no link's item start at once, while the site is fingerprinted; then, with the last
    /// build's part of each link that is as it was, those that keep parts and the pages the fingerprints
    /// cannot show unchanged, with the items of the links they show but for the parts they copy.
    /// `inPlace`: the output is updated in place (else every file is rendered).
    func render(
        _ files: [PlannedFile], site: Site, theme: Theme, renderer: SiteRenderer, inPlace: Bool,
        keep: @escaping OutputWriter.Keep, store: @escaping OutputWriter.Store
    ) async throws -> Selection? {
        let selected = Mutex<Selection?>(nil)
        let fields = ItemFieldsByTemplate(theme: theme)
        let always = files.filter { $0.isAlwaysRendered && renderer.readsNoItems($0, fields: fields) }
        let first = always.filter { !$0.keepsParts }
        let firstPaths = Set(first.map(\.path))
        try await renderer.renderAndStore(
            first,
            later: {
                let fingerprints = await PageFingerprints(site: site, theme: theme)
                let partKeys = fingerprints.partKeys
                let selection = await self.select(files, fingerprints: fingerprints, inPlace: inPlace)
                keep(selection.skipped)
                selected.withLock { $0 = Selection(plan: selection, partKeys: partKeys) }
                let rest = always.filter(\.keepsParts)
                let restPaths = Set(rest.map(\.path))
                let later =
                    rest + selection.toRender.filter { !firstPaths.contains($0.path) && !restPaths.contains($0.path) }
                let parts = self.previousParts(keys: partKeys, inPlace: inPlace)
                // A link whose part the last build's page has shows that, not its item.
                let shown = renderer.linksShown(by: later, fields: fields) { file, link in
                    guard let parts, renderer.keepsParts(file) else { return false }
                    return parts.part(of: file.path, link: link) != nil
                }
                return SiteRenderer.Later(files: later, parts: parts, itemsShown: shown)
            },
            store: store)
        return selected.withLock { $0 }
    }
}
