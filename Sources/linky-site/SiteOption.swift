import ArgumentParser

/// The site folder as `--site <site>` (the current folder when left out): the `@OptionGroup` of
/// `add`, whose positional argument is the address.
struct SiteOption: ParsableArguments {
    @Option(name: .customLong("site"), help: "The site folder.", completion: .directory)
    var site: String = "."

    /// The folder, checked (see `SiteFolder.open`).
    func open() throws -> SiteFolder {
        try SiteFolder.open(site)
    }
}
