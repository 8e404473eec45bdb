import LinkyModel

/// What history gives the site: dates for the links no file dates, and the list items taken out.
extension HistoryDates {
    /// Dates each link of `files` whose file gives no date by the day its address landed in the file
    /// (or, for a list file with `dates_from:`, in that file, when earlier).
    func date(_ files: inout [ParsedContent]) {
        for index in files.indices where files[index].links.contains(where: { $0.date == nil }) {
            let from = files[index].listFiles.first?.datesFrom
            for item in files[index].links.indices where files[index].links[item].date == nil {
                let address = files[index].links[item].url.absoluteString
                var stamp = landed(address, in: files[index].links[item].source.path)
                if let from, let earlier = landed(address, in: from), stamp.map({ earlier < $0 }) ?? true {
                    stamp = earlier
                }
                guard let stamp else { continue }
                files[index].links[item].date = stamp.date
                files[index].links[item].dateFromHistory = true
            }
        }
    }

    /// The list items taken out of the content folder's files (and of the files list files are dated
    /// from) whose address no link of the site has now, newest first.
    func removedLinks(of site: Site) -> [RemovedLink] {
        let present = Set(site.links.map(\.url.absoluteString))
        let folder = site.config.contentDir.hasSuffix("/") ? site.config.contentDir : site.config.contentDir + "/"
        let sources = Set(site.listFiles.compactMap(\.datesFrom))
        return removals().filter {
            ($0.path.hasPrefix(folder) || sources.contains($0.path)) && !present.contains($0.address)
        }
        .map { RemovedLink(title: $0.title, url: $0.address, path: $0.path, date: $0.when.date) }
        .sorted { ($1.date, $0.title, $0.url) < ($0.date, $1.title, $1.url) }
    }
}
