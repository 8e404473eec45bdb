import ArgumentParser

/// `-b/--base-url`, as Hugo's: wherever the site's address is used (build, check, serve), it
/// overrides `base_url` in linky.yml.
struct BaseURLOption: ParsableArguments {
    @Option(
        name: [.customShort("b"), .customLong("base-url")],
        help: ArgumentHelp("The address the site is published at; overrides base_url in linky.yml.", valueName: "URL"))
    var baseURL: String?
}
