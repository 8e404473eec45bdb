import ArgumentParser

/// The site folder as a command's last positional argument, `[<site>]` (the current folder when left
/// out): the `@OptionGroup` of every command that works on a site, except `add`.
struct SiteArgument: ParsableArguments {
    @Argument(help: "The site folder.", completion: .directory)
    var site: String = "."

    /// The folder, checked (see `SiteFolder.open`).
    func open() throws -> SiteFolder {
        try SiteFolder.open(site)
    }
}
