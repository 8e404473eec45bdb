import ArgumentParser

@main
struct LinkySite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linky-site",
        abstract: "Turn a folder of Markdown links into a fast, searchable static website.",
        discussion: """
            A site is a folder with an optional linky.yml, a content folder (links/ by default) holding one \
            Markdown file per link and one folder per category, an optional tags.yml, templates/ and static/.

            Exit codes: 0 ok; 1 content errors (or warnings with --strict); 2 broken links found by check \
            --links; 64 usage error; 65 an import file is not in its format; 66 site folder or input file not \
            found; 69 a program it needs is missing (WeasyPrint for --pdf, git for check --changed-since); 73 \
            unsafe output folder; 74 output could not be written; 75 another build is running on the output, \
            or `serve` cannot listen (the port is in use).
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            BuildCommand.self, CheckCommand.self, NewCommand.self, AddCommand.self, FetchCommand.self,
            ImportCommand.self, TagsCommand.self, ServeCommand.self, ThemeCommand.self,
        ]
    )
}
