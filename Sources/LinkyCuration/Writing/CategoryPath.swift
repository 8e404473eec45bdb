import LinkyModel

/// A category given on the command line (`add --category`, `import --category`): a folder path
/// inside the content folder, `reading/swift`, split into folder names the build will read.
enum CategoryPath {
    /// Why a category cannot be used.
    struct Invalid: Error {
        var reason: String
    }

    /// `reading/swift` → `["reading", "swift"]` (trimmed, NFC), refusing names that leave the content
    /// folder or that the build skips.
    static func components(_ category: String) throws(Invalid) -> [String] {
        let components = category.split(separator: "/", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces).nfc
        }
        guard !components.isEmpty, !category.hasPrefix("/") else {
            throw Invalid(reason: "it must be a folder path inside the content folder")
        }
        for component in components {
            if component.isEmpty || component == "." || component == ".." {
                throw Invalid(reason: "\"\(component)\" is not a folder name")
            }
            if component.hasPrefix(".") || component.hasPrefix("_") {
                throw Invalid(reason: "the build ignores folders whose names start with \".\" or \"_\"")
            }
            if component.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw Invalid(reason: "the name holds a control character")
            }
        }
        return components
    }
}
