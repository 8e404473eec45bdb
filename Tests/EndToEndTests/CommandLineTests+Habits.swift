import Foundation
import LinkyTestSupport
import Testing

/// The command line's habits, as Hugo users have them: a misspelled command names the nearest one,
/// `-D` and `-b` are short for `--drafts` and `--base-url`, `server` is `serve`, and settings in
/// another format are an error that says so.
extension CommandLineTests {
    @Test func aMisspelledCommandSuggestsTheNearest() throws {
        let typo = try run(["biuld", "."])
        #expect(typo.status == 64)
        #expect(
            typo.stderr.contains("linky-site: error: 'biuld' is not a command. Did you mean 'build'?"), "\(typo.stderr)"
        )
        let alias = try run(["servr"])
        #expect(alias.stderr.contains("Did you mean 'serve'?"), "\(alias.stderr)")
        let far = try run(["completely-unknown"])
        #expect(far.status == 64 && !far.stderr.contains("Did you mean"))
        #expect(far.stderr.contains("The commands are build, check, new, add"), "\(far.stderr)")
        let server = try run(["server", "--help"])
        #expect(server.status == 0 && server.stdout.contains("Preview the site locally"))
    }

    /// Issue 41: the words Hugo, Zola and others use are told the command of ours that does it; `rm`
    /// is told that a link is a file.
    @Test(arguments: [
        ("generate", "Did you mean 'build'?"), ("deploy", "Did you mean 'build'?"),
        ("preview", "Did you mean 'serve'?"),
        ("lint", "Did you mean 'check'?"), ("list", "Did you mean 'tags list'?"), ("save", "Did you mean 'add'?"),
        ("rm", "A link is a file: delete it"), ("delete", "A link is a file: delete it"),
    ])
    func otherToolsCommandsAreToldOurs(word: String, advice: String) throws {
        let result = try run([word])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("linky-site: error: '\(word)' is not a command. \(advice)"), "\(result.stderr)")
        #expect(result.stderr.contains("  hint: "))
    }

    /// `new site DIR` (Hugo), `init DIR` and `init` in an empty folder (Zola), `version`, and `tags`
    /// alone: each does what the user meant.
    @Test func hugoAndZolaSpellingsWork() throws {
        let parent = try temporarySite([:])
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let hugo = try run(["new", "site", "mysite"], in: parent)
        #expect(hugo.status == 0, "\(hugo.stderr)")
        #expect(FileManager.default.fileExists(atPath: parent.appending(path: "mysite/linky.yml").path))
        #expect(hugo.stdout.contains("Next: cd mysite && linky-site serve"), "\(hugo.stdout)")
        let zola = try run(["init", "other"], in: parent)
        #expect(
            zola.status == 0 && FileManager.default.fileExists(atPath: parent.appending(path: "other/linky.yml").path))
        let empty = parent.appending(path: "empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let here = try run(["init"], in: empty)
        #expect(here.status == 0 && FileManager.default.fileExists(atPath: empty.appending(path: "linky.yml").path))
        #expect(here.stdout.contains("Next: linky-site serve"), "\(here.stdout)")
        let version = try run(["version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("linky-site "))
        let tags = try run(["tags"], in: parent.appending(path: "mysite"))
        #expect(tags.status == 0, "\(tags.stderr)")
        #expect(tags.stdout.contains("tags/맛집/"), "\(tags.stdout)")
        // A site's README says how to preview it.
        let readme = try String(contentsOf: parent.appending(path: "mysite/README.md"), encoding: .utf8)
        #expect(readme.contains("linky-site serve"))
    }

    /// `linky-site` alone: in a site, what to run there; elsewhere, how to start. Never the whole help.
    @Test func linkySiteAloneSaysWhatToRun() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let inSite = try run([], in: site)
        #expect(inSite.status == 0)
        #expect(
            inSite.stdout.contains("This folder is a linky-site site.") && inSite.stdout.contains("linky-site serve"))
        let elsewhere = try run([], in: site.appending(path: "links"))
        #expect(elsewhere.stdout.contains("linky-site new my-links && cd my-links && linky-site serve"))
    }

    /// Usage errors speak as every other error does, and name SITE, URL, FILE in their usage line.
    @Test func usageErrorsAreInOneVoice() throws {
        let unknown = try run(["build", "--bogus"])
        #expect(unknown.status == 64)
        let lines = unknown.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "linky-site: error: unknown option '--bogus'", "\(unknown.stderr)")
        #expect(
            lines.contains { $0.hasPrefix("  usage: linky-site build [<SITE>] [--site <SITE>]") }, "\(unknown.stderr)")
        #expect(lines.last == "  hint: see `linky-site build --help`")
        #expect(!unknown.stderr.contains("Error: ") && !unknown.stderr.contains("<positional>"))
        let missing = try run(["add"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("linky-site: error: missing expected argument '<URL>'\n"), "\(missing.stderr)")
        #expect(missing.stderr.contains("  usage: linky-site add [<options>] <URL> [<SITE>]"), "\(missing.stderr)")
        let importing = try run(["import", "--help"])
        #expect(importing.stdout.contains("[<FILE>] [<SITE>]"), "\(importing.stdout)")
        // FILE is optional only because --from SERVICE reads none.
        let nothing = try run(["import"])
        #expect(nothing.status == 64)
        #expect(
            nothing.stderr.hasPrefix("linky-site: error: give the FILE to import, or --from with a service"),
            "\(nothing.stderr)")
    }

    /// `-b/--base-url` wherever the site's address is used: `check` does not warn that base_url is missing,
    /// and `serve` takes it.
    @Test func baseURLOnCheckAndServe() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let without = try run(["check", site.path])
        #expect(without.stderr.contains("LINKY151"))
        let with = try run(["check", site.path, "-b", "https://example.com/"])
        #expect(with.status == 0 && !with.stderr.contains("LINKY151"), "\(with.stderr)")
        let help = try run(["serve", "--help"])
        #expect(help.stdout.contains("-b, --base-url <URL>"), "\(help.stdout)")
    }

    /// `add my-links` with the address forgotten is told so, not that "my-links" has no scheme.
    @Test func addWithTheAddressForgottenSaysSo() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["add", site.lastPathComponent], in: site.deletingLastPathComponent())
        #expect(result.status == 64)
        #expect(result.stderr.contains("is a folder, not an address: give the address first"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: linky-site add https://example.com/ \(site.lastPathComponent)"))
    }

    /// `theme data my-links`: a folder named where the template goes, with no site given, is the site.
    @Test func themeDataTakesAFolderForTheSite() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let listing = try run(["theme", "data", site.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("category"), "\(listing.stdout)")
    }

    @Test func shortFlagsForDraftsAndBaseURL() throws {
        let site = try temporarySite([
            "links/a.md": Self.good,
            "links/b.md": "---\nurl: https://example.com/draft\ntitle: Draft\ndraft: true\ndate: 2024-01-02\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let build = try run(["build", site.path, "-D", "-b", "https://short.example/"])
        #expect(build.status == 0, "\(build.stderr)")
        let feed = try String(contentsOf: site.appending(path: "_site/feed.xml"), encoding: .utf8)
        #expect(feed.contains("https://short.example/feed.xml"))
        #expect(feed.contains("<title>Draft</title>"))
    }

    @Test func settingsInAnotherFormatAreAnErrorThatSaysSo() throws {
        let site = try temporarySite(["links/a.md": Self.good, "linky.toml": "title = \"Mine\"\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let build = try run(["build", site.path, "--base-url", "https://example.com/"])
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "linky.toml: error[LINKY150]: linky.toml is not read: linky-site's settings are YAML, in linky.yml"),
            "\(build.stderr)")
    }

    /// `add URL SITE`, `build -s SITE`, `theme data -s SITE`: every command names its site the same ways.
    @Test func everyCommandTakesTheSiteAsItsLastArgumentOrWithDashS() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let add = try run([
            "add", "https://example.com/positional", site.path, "--no-fetch", "--title", "Positional", "--date",
            "2024-05-01",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "links/positional.md").path))
        let addS = try run(["add", "https://example.com/dash-s", "-s", site.path, "--no-fetch", "--title", "Dash S"])
        #expect(addS.status == 0, "\(addS.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "links/dash-s.md").path))

        let build = try run(["build", "-s", site.path, "-b", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("Built 3 links"), "\(build.stderr)")
        let long = try run(["check", "--site", site.path])
        #expect(long.status == 0, "\(long.stderr)")

        let twice = try run(["build", site.path, "-s", "elsewhere"])
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("the site is given twice"), "\(twice.stderr)")

        // Every command that works on a site says -s/--site in its help, `tags merge` too.
        for command in [
            ["build"], ["check"], ["add"], ["fetch"], ["import"], ["export"], ["serve"], ["tags", "list"],
            ["tags", "rename"], ["tags", "merge"], ["theme", "data"], ["theme", "eject"],
        ] {
            let help = try run(command + ["--help"])
            #expect(help.stdout.contains("-s, --site <SITE>"), "\(command)")
        }
        try "---\nurl: https://example.com/t\ntitle: T\ntags: [old]\n---\n".write(
            to: site.appending(path: "links/t.md"), atomically: true, encoding: .utf8)
        let merge = try run(["tags", "merge", "old", "INTO", "new", "-s", site.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try String(contentsOf: site.appending(path: "links/t.md"), encoding: .utf8).contains("tags: [new]"))
    }

    @Test func themeDataListsWhatATemplateReceives() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let list = try run(["theme", "data", "-s", site.path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("home\ncategory\n") && list.stdout.contains("partials/link_item\n"))
        let item = try run(["theme", "data", "partials/link_item", site.path])
        #expect(item.status == 0, "\(item.stderr)")
        for line in [
            "domain: \"example.com\"", "date_text: ", "site:\n  category_count: 0", "  counts:\n    categories:",
        ] {
            #expect(item.stdout.contains(line), "\(line) in \(item.stdout)")
        }
        let typo = try run(["theme", "data", "hom", "-s", site.path])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("there is no template 'hom' (did you mean 'home'?)"), "\(typo.stderr)")
    }

    /// `new --force` adopts an awesome list's repository: settings, workflow and .gitignore lines added,
    /// its README copied as a list file when asked, not one of its files changed; the list builds.
    @Test func newForceAdoptsAFolderWithAReadme() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let readme = try Data(
            contentsOf: Self.repositoryRoot.appending(path: "Tests/Fixtures/awesome-real/README.md"))
        try readme.write(to: folder.appending(path: "README.md"))
        try Data("node_modules/\n_site/\n".utf8).write(to: folder.appending(path: ".gitignore"))

        let refused = try run(["new", folder.path])
        #expect(refused.status == 73 && refused.stderr.contains("adopt this one with --force"), "\(refused.stderr)")
        let adopt = try run(["new", folder.path, "--force", "--list-from", "README.md"])
        #expect(adopt.status == 0, "\(adopt.stderr)")
        #expect(adopt.stdout.contains("wrote links/awesome-go.md"), "\(adopt.stdout)")
        #expect(try Data(contentsOf: folder.appending(path: "README.md")) == readme)
        let ignore = try String(contentsOf: folder.appending(path: ".gitignore"), encoding: .utf8)
        #expect(ignore == "node_modules/\n_site/\n.*.linky-*\n.linky-check-cache.json\n")
        let config = try String(contentsOf: folder.appending(path: "linky.yml"), encoding: .utf8)
        #expect(config.contains("title: \"Awesome Go\"\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: ".github/workflows/pages.yml").path))
        let list = try String(contentsOf: folder.appending(path: "links/awesome-go.md"), encoding: .utf8)
        // Dated by when each item landed in the README it was copied from.
        #expect(
            list.hasPrefix("---\ntitle: \"Awesome Go\"\ndates_from: \"README.md\"\n---\n")
                && !list.contains("# Awesome Go"))

        let workflow = try String(
            contentsOf: folder.appending(path: ".github/workflows/pages.yml"), encoding: .utf8)
        #expect(workflow.contains("# strict: true") && !workflow.contains("\n          strict: true"), "\(workflow)")

        let build = try run(["build", "-s", folder.path, "-b", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("links/awesome-go.md: "), "\(build.stderr)")
        // The logo and the Product Hunt badge (`<a href><img></a>` in prose) are decoration; the table
        // of contents' `#awesome-go` leads to the title that moved into the front matter. Left: the
        // links of its Contribution and License sections, which no page shows.
        #expect(!build.stderr.contains("awesome-go.com/\""), "\(build.stderr)")
        #expect(!build.stderr.contains("producthunt"), "\(build.stderr)")
        #expect(!build.stderr.contains("LINKY119"), "\(build.stderr)")
        #expect(build.stderr.contains("0 errors, 2 warnings"), "\(build.stderr)")
        // Run again, it changes nothing and says what it kept.
        let again = try run(["new", folder.path, "--force", "--list-from", "README.md"])
        #expect(again.status == 0 && again.stdout.contains("kept  links/awesome-go.md"), "\(again.stdout)")
        #expect(try String(contentsOf: folder.appending(path: "linky.yml"), encoding: .utf8) == config)
    }

    /// `new . --force` in an awesome list's repository, without `--list-from`, reads its README: adopted
    /// without it, the site had no content folder and did not build. A folder that has a site keeps it.
    @Test func newForceTakesTheReadmeListWhenTheFolderHasNoSite() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contentsOf: Self.repositoryRoot.appending(path: "Tests/Fixtures/awesome-real/README.md"))
            .write(to: folder.appending(path: "readme.md"))
        let adopt = try run(["new", folder.path, "--force"])
        #expect(adopt.status == 0, "\(adopt.stderr)")
        #expect(adopt.stdout.contains("the list is readme.md"), "\(adopt.stdout)")
        #expect(adopt.stdout.contains("wrote links/awesome-go.md"), "\(adopt.stdout)")
        let build = try run(["build", "-s", folder.path, "-b", "https://example.com/"])
        #expect(build.status == 0 && build.stderr.contains("2,798 links made"), "\(build.stderr)")

        // A README that is prose, or a folder that already has links/, is not taken as the list.
        let prose = FileManager.default.temporaryDirectory.appending(path: "linky-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prose.appending(path: "links"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: prose) }
        try Data("# Notes\n\n- [a](https://a.example/)\n- [b](https://b.example/)\n- [c](https://c.example/)\n".utf8)
            .write(to: prose.appending(path: "README.md"))
        let kept = try run(["new", prose.path, "--force"])
        #expect(kept.status == 0 && !kept.stdout.contains("the list is"), "\(kept.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prose.appending(path: "links").path).isEmpty)
    }

    @Test func exportWritesTheListBackAsAFileOrToStandardOutput() throws {
        let site = try temporarySite([
            "links/a.md": Self.good,
            "tags.yml": "\"기술 블로그\":\n  description: Blogs\n",
            "links/b.md":
                "---\nurl: https://b.example/\ntitle: B [beta]\ndescription: The *second*.\ntags: [기술 블로그, web]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let readme = site.appending(path: "EXPORT.md")
        let awesome = try run(["export", "-s", site.path, "--output", readme.path])
        #expect(awesome.status == 0, "\(awesome.stderr)")
        #expect(awesome.stderr.contains("Exported 2 links to"), "\(awesome.stderr)")
        #expect(awesome.stderr.contains("note: the tag \"기술 블로그\" has spaces"), "\(awesome.stderr)")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("- [B \\[beta\\]](https://b.example/) - The \\*second\\*. #기술-블로그 #web\n"), "\(text)")
        let csv = try run(["export", site.path, "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("url,title,description,category,tags,date,favorite,note\r\n"))
        #expect(
            csv.stdout.contains("https://b.example/,B [beta],The *second*.,,\"기술 블로그,web\",,false,\r\n"),
            "\(csv.stdout)")
        let unknown = try run(["export", site.path, "--format", "opml"])
        #expect(unknown.status == 64)
    }

    /// Issue 41: `export -o out.html` replaced an earlier bookmarks export with Markdown, unasked.
    @Test func exportTakesItsFormatFromTheNameAndNeverReplacesAFileUnasked() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let bookmarks = site.appending(path: "out.html")
        let first = try run(["export", site.path, "-o", bookmarks.path])
        #expect(first.status == 0, "\(first.stderr)")
        let html = try String(contentsOf: bookmarks, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"), "\(html)")
        #expect(first.stderr.contains("(netscape)"))
        for arguments in [["-o", bookmarks.path], ["-o", bookmarks.path, "--format", "awesome"]] {
            let again = try run(["export", site.path] + arguments)
            #expect(again.status == 73)
            #expect(again.stderr.contains("exists, and export never replaces a file unasked"), "\(again.stderr)")
            #expect(try String(contentsOf: bookmarks, encoding: .utf8) == html)
        }
        let forced = try run(["export", site.path, "-o", bookmarks.path, "--format", "csv", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: bookmarks, encoding: .utf8).hasPrefix("url,title,"))
        for (name, start) in [("x.json", "{"), ("x.csv", "url,title,"), ("x.md", "# ")] {
            let result = try run(["export", site.path, "-o", site.appending(path: name).path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: site.appending(path: name), encoding: .utf8).hasPrefix(start), "\(name)")
        }
        let unknown = try run(["export", site.path, "-o", site.appending(path: "x.txt").path])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("cannot tell which format to write from the name"))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "x.txt").path))
    }
}
