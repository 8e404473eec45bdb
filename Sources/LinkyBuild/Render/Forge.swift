import Foundation

/// The forge a site's repository is on (`repository` in linky.yml), and its web editor's address for a
/// new file: the save page opens it with the link file's path and text filled in.
///
/// - GitHub: `https://github.com/OWNER/REPO/new/BRANCH?filename=PATH&value=TEXT`
/// - GitLab: `https://gitlab.com/OWNER/REPO/-/new/BRANCH?file_name=PATH&content=TEXT`
/// - Forgejo and Gitea (Codeberg…): `https://HOST/OWNER/REPO/_new/BRANCH/?filename=PATH&value=TEXT`
struct Forge: Sendable, Equatable {
    enum Kind: String, Sendable {
        case github, gitlab, gitea
    }

    let kind: Kind
    /// The new-file page, before its query: `https://github.com/o/r/new/main`.
    let newFileAddress: String
    /// The query's names for the file's path and its text.
    var pathParameter: String { kind == .gitlab ? "file_name" : "filename" }
    var textParameter: String { kind == .gitlab ? "content" : "value" }
    /// As the save button names it.
    var name: String {
        switch kind {
        case .github: "GitHub"
        case .gitlab: "GitLab"
        case .gitea: "Forgejo"
        }
    }

    init?(repository: String, branch: String) {
        guard let components = URLComponents(string: repository), let host = components.host?.lowercased() else {
            return nil
        }
        let base = repository.hasSuffix("/") ? String(repository.dropLast()) : repository
        let escapedBranch = branch.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? branch
        if host == "github.com" || host.hasSuffix(".github.com") || host.hasPrefix("github.") {
            kind = .github
            newFileAddress = "\(base)/new/\(escapedBranch)"
        } else if host.contains("gitlab") {
            kind = .gitlab
            newFileAddress = "\(base)/-/new/\(escapedBranch)"
        } else {
            kind = .gitea
            newFileAddress = "\(base)/_new/\(escapedBranch)/"
        }
    }

    /// `raw` as a repository's address (`https://host/owner/repo`, a `.git` and trailing slashes
    /// dropped); nil when it is not one.
    static func repository(_ raw: String) -> String? {
        var text = raw.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil,
            components.path.split(separator: "/").count >= 2,
            !text.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" || $0.isWhitespace })
        else { return nil }
        return text
    }
}
