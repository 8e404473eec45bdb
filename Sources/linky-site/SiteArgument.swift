import ArgumentParser

/// The site folder, named the same way by every command that works on one: as its last positional
/// argument (`build [SITE]`, `import FILE [SITE]`, `add URL [SITE]`) or with `-s/--site SITE`, as
/// Hugo's `-s`; the current folder when left out.
struct SiteArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The site folder (default: the current folder; or give it with -s).", valueName: "SITE"),
        completion: .directory)
    var positional: String?

    @Option(
        name: [.customShort("s"), .customLong("site")], help: ArgumentHelp("The site folder.", valueName: "SITE"),
        completion: .directory)
    var option: String?

    var site: String { option ?? positional ?? "." }

    func validate() throws {
        _ = try Self.site(positional: positional, option: option)
    }

    /// The site a command names as an argument or with `--site` (the current folder when neither); an
    /// error when both name it and differ. For commands whose arguments hold it among others (`tags merge`).
    static func site(positional: String?, option: String?) throws -> String {
        if let option, let positional, option != positional {
            throw ValidationError(
                "the site is given twice, as '\(positional)' and as --site '\(option)': give it once")
        }
        return option ?? positional ?? "."
    }

    /// The folder, checked (see `SiteFolder.open`).
    func open() throws -> SiteFolder {
        try SiteFolder.open(site)
    }
}
