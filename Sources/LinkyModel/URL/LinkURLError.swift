/// Why a string could not be accepted as a `LinkURL`.
public enum LinkURLError: Error, Equatable, Sendable {
    case empty
    case containsWhitespaceOrControl
    case missingScheme(String)
    case unsafeScheme(String)
    case unsupportedScheme(String)
    case missingHost
    case invalidHost(String)
    case invalidPort(String)
    case malformed(String)

    /// One sentence saying what is wrong.
    public var message: String {
        switch self {
        case .empty:
            "the URL is empty"
        case .containsWhitespaceOrControl:
            "the URL contains a tab, line break or invisible control character"
        case .missingScheme(let text):
            "\"\(text)\" has no scheme such as https://"
        case .unsafeScheme(let scheme):
            "the URL scheme \"\(scheme)\" is not allowed"
        case .unsupportedScheme(let scheme):
            "the URL scheme \"\(scheme)\" is not supported here"
        case .missingHost:
            "the URL has no host name"
        case .invalidHost(let host):
            "the host name \"\(host)\" is not valid"
        case .invalidPort(let port):
            "the port \"\(port)\" is not a number between 0 and 65535"
        case .malformed(let detail):
            "the URL is malformed: \(detail)"
        }
    }

    /// What the user can do about it.
    public var hint: String {
        switch self {
        case .empty:
            "enter a full address such as https://example.com/"
        case .containsWhitespaceOrControl:
            "retype the address or copy it again from the browser's address bar"
        case .missingScheme(let text):
            "add https:// in front, e.g. \"https://\(text.drop { $0 == "/" })\""
        case .unsafeScheme, .unsupportedScheme:
            "use an http:// or https:// address"
        case .missingHost:
            "add a domain after the scheme, e.g. https://example.com/"
        case .invalidHost:
            "check the domain for typos, spaces or stray punctuation"
        case .invalidPort:
            "fix or remove the \":port\" after the host name"
        case .malformed:
            "copy the address again from the browser's address bar"
        }
    }
}
