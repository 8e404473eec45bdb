/// One label of a link (a list item's trailing `` `MIT` ``, a link file's `labels:`), placed in its
/// facet (`Site.facets`).
public struct LinkLabel: Sendable, Hashable {
    /// The label as shown: its first-seen spelling on the site.
    public var name: String
    /// Index in `Site.facets`.
    public var facet: Int
    /// Index in that facet's `values`.
    public var value: Int

    public init(name: String, facet: Int, value: Int) {
        self.name = name
        self.facet = facet
        self.value = value
    }

    /// Most labels one link keeps.
    public static let maximumCount = 100
    /// Most characters one label may have.
    public static let maximumLength = 100

    /// A label as written, cleaned: NFC, inner white space collapsed, trimmed.
    public static func cleanedName(_ spelling: String) -> String { spelling.nfc.collapsingWhitespace }

    /// The identity of a label: cleaned and case-folded, so `MIT` and `mit` are one label.
    public static func identity(of spelling: String) -> String { cleanedName(spelling).foldedIdentity }

    /// The labels a code span of a list item stands for. awesome-selfhosted writes a project's
    /// platforms joined by `/` (`Nodejs/Docker`), so a span is split on `/` into several labels; a span
    /// that is one value as a whole — an SPDX licence identifier, or a value of the site's `facets:` —
    /// stays whole. (No SPDX identifier holds a `/`, so `GPL-3.0` and `⊘ Proprietary` stay whole either
    /// way; `knownValues` lets a site keep a value such as `TCP/IP` whole.)
    public static func names(inSpan span: String, knownValues: Set<String> = []) -> [String] {
        let whole = cleanedName(span)
        guard whole.contains("/") else { return whole.isEmpty ? [] : [whole] }
        let key = identity(of: whole)
        if BuiltInFacets.licenseByKey[key] != nil || knownValues.contains(key) { return [whole] }
        return whole.split(separator: "/").map { cleanedName(String($0)) }.filter { !$0.isEmpty }
    }
}
