import CCmarkGFM

/// Which links count: an item's link is neither a badge nor an in-page anchor; a paragraph of only
/// badges and anchors is decoration; links in brackets of their own are an item's secondary links.
extension MarkdownOutline {
    /// Whether a block's first paragraph opens with a link that is neither a badge nor an anchor.
    static func startsWithLink(_ block: OpaquePointer) -> Bool {
        guard let paragraph = cmark_node_first_child(block), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let link = leadingLink(in: paragraph)
        else { return false }
        return isItemLink(link.node)
    }

    /// A link that can be an item's: it has an address, is not an in-page anchor and not a badge. A
    /// link wrapped around a picture that is not a badge (`[![Open-Source Software][OSS Icon]](…)`,
    /// `[![logo](…)](…)`) is one: the picture's `alt` names it.
    static func isItemLink(_ link: OpaquePointer) -> Bool {
        let destination = cmark_node_get_url(link).map { String(cString: $0) } ?? ""
        return !destination.isEmpty && !destination.hasPrefix("#") && !isBadge(link)
    }

    /// A link made only of pictures that are all badges (see `isBadgePicture`).
    static func isBadge(_ link: OpaquePointer) -> Bool {
        guard isImageOnly(link) else { return false }
        var child = cmark_node_first_child(link)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_IMAGE,
                !isBadgePicture(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
            {
                return false
            }
            child = cmark_node_next(node)
        }
        return true
    }

    /// Hosts whose pictures are status badges (build, coverage, version, chat), never a project's logo.
    static let badgeHosts = [
        "shields.io", "badgen.net", "badge.fury.io", "travis-ci.", "circleci.com", "codecov.io", "coveralls.io",
        "codacy.com", "appveyor.com", "goreportcard.com", "awesome.re", "sonarcloud.io", "snyk.io", "david-dm.org",
        "gitter.im", "godoc.org", "deepsource.io", "api.netlify.com", "bestpractices.", "readthedocs.org",
        "opencollective.com", "saucelabs.com", "codeclimate.com", "bettercodehub.com", "app.fossa.",
    ]

    /// Whether a picture's address is a badge's: on a badge service, or with `badge` in its address
    /// (`…/actions/workflows/ci.yml/badge.svg`, `cdn.rawgit.com/sindresorhus/awesome/…/media/badge.svg`).
    public static func isBadgePicture(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.contains("badge") || badgeHosts.contains { lowered.contains($0) }
    }

    /// Whether a block holds a link that is neither a badge nor an in-page anchor, at any depth.
    static func containsLink(_ node: OpaquePointer) -> Bool {
        guard let iterator = cmark_iter_new(node) else { return false }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return false }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_LINK where isItemLink(current): return true
            case CMARK_NODE_HTML_INLINE where opensLink(current): return true
            case CMARK_NODE_HTML_BLOCK where !htmlBlockItems(current, depth: 0).items.isEmpty: return true
            default: continue
            }
        }
    }

    static func typeName(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    /// The link a paragraph opens with, directly or wrapped in emphasis; `container` is the
    /// paragraph's child that holds it, so the text after it can be read.
    static func leadingLink(
        in paragraph: OpaquePointer
    ) -> (node: OpaquePointer, container: OpaquePointer)? {
        var first = cmark_node_first_child(paragraph)
        // Leading white space text nodes do not count.
        while let node = first, cmark_node_get_type(node) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(node), String(cString: literal).allSatisfy(\.isWhitespace)
        {
            first = cmark_node_next(node)
        }
        guard let container = first else { return nil }
        var node = container
        while true {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK { return (node, container) }
            guard type == CMARK_NODE_STRONG || type == CMARK_NODE_EMPH, let inner = cmark_node_first_child(node),
                cmark_node_next(inner) == nil
            else { return nil }
            node = inner
        }
    }

    /// Whether an inline subtree is only badges, images, in-page links and separators.
    static func isDecoration(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            return text.allSatisfy { $0.isWhitespace || "|•·-–—".contains($0) }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_IMAGE:
            return true
        case CMARK_NODE_LINK:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            return url.hasPrefix("#") || isImageOnly(node)
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_PARAGRAPH:
            var child = cmark_node_first_child(node)
            while let current = child {
                if !isDecoration(current) { return false }
                child = cmark_node_next(current)
            }
            return true
        default:
            return false
        }
    }

    /// The links among `first` and its next siblings that stand in brackets of their own, alone or
    /// separated by commas: `(`, `[Demo](…)`, `, `, `[Source Code](…)`, `)`.
    static func bracketedLinks(from first: OpaquePointer?) -> Set<OpaquePointer> {
        var siblings: [OpaquePointer] = []
        var next = first
        while let current = next {
            siblings.append(current)
            next = cmark_node_next(current)
        }
        func literal(_ node: OpaquePointer) -> String? {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return nil }
            return cmark_node_get_literal(node).map { String(cString: $0) }
        }
        var result: Set<OpaquePointer> = []
        var index = 0
        while index < siblings.count {
            guard let opening = literal(siblings[index]),
                let last = opening.last(where: { !$0.isWhitespace }), last == "(" || last == "["
            else {
                index += 1
                continue
            }
            var links: [OpaquePointer] = []
            var end = index + 1
            while end < siblings.count {
                let node = siblings[end]
                if cmark_node_get_type(node) == CMARK_NODE_LINK {
                    links.append(node)
                } else if let text = literal(node), !links.isEmpty, isLinkSeparator(text) {
                    // `, ` between two links of the group
                } else {
                    break
                }
                end += 1
            }
            if !links.isEmpty, end < siblings.count, let closing = literal(siblings[end]),
                let first = closing.first(where: { !$0.isWhitespace }), first == ")" || first == "]"
            {
                result.formUnion(links)
            }
            index = max(end, index + 1)
        }
        return result
    }

    /// `, `, ` / `, ` and `: what stands between the links of one bracketed group.
    static func isLinkSeparator(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace || ",;/|·".contains($0) }
            || text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() } == ["and"]
    }

    static func isImageOnly(_ link: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(link)
        var sawImage = false
        while let node = child {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE {
                sawImage = true
            } else if !(type == CMARK_NODE_TEXT && MarkdownRenderer.plainText(of: node).isEmpty) {
                return false
            }
            child = cmark_node_next(node)
        }
        return sawImage
    }
}
