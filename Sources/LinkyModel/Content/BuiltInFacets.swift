/// The facets every site has (see `Facet`): **License**, SPDX licence identifiers, and **Language**,
/// programming languages, with their values from maintained lists (`BuiltInFacets+Tables.swift`,
/// made by `scripts/generate-facet-tables`); **Labels** holds every label no other facet claims.
public enum BuiltInFacets {
    public static let license = "License"
    public static let language = "Language"
    public static let labels = "Labels"

    /// Every SPDX licence identifier (`MIT`, `GPL-3.0`, `AGPL-3.0-or-later`), deprecated ones too.
    public static let licenses: [String] = licenseTable.split(separator: "\n").map(String.init)

    /// Every programming language GitHub's Linguist names (`Go`, `Python`, `C++`).
    public static let languages: [String] = languageTable.split(separator: "\n").map(String.init)

    /// The licence identifiers by their folded form (`gpl-3.0` → `GPL-3.0`).
    public static let licenseByKey: [String: String] = Dictionary(
        licenses.map { (LinkLabel.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })

    /// The languages by their folded form.
    public static let languageByKey: [String: String] = Dictionary(
        languages.map { (LinkLabel.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
}
