/// A list item that was in the collection and is not any more, as git history tells: its title and
/// address as they last read, the file it left and the day it went.
public struct RemovedLink: Sendable, Hashable {
    public var title: String
    /// The address, normalised (`LinkURL.absoluteString`).
    public var url: String
    /// The file it was in, relative to the site folder.
    public var path: String
    /// The day the commit that took it out landed.
    public var date: LinkDate

    public init(title: String, url: String, path: String, date: LinkDate) {
        self.title = title
        self.url = url
        self.path = path
        self.date = date
    }
}
