/// One node of a parsed HTML document, as plain Swift values: an element with its attributes and
/// children, or a run of text. Element and attribute names are lower-case.
public struct HTMLNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case element(name: String, attributes: [Attribute])
        case text(String)
    }

    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var kind: Kind
    public var children: [HTMLNode]
    /// The line the element starts on, for documents read as XML (`XMLDocument`); nil from HTML.
    public var line: Int?

    public init(kind: Kind, children: [HTMLNode] = [], line: Int? = nil) {
        self.kind = kind
        self.children = children
        self.line = line
    }

    /// The element's name, or nil for text.
    public var name: String? {
        if case .element(let name, _) = kind { return name }
        return nil
    }

    /// The first attribute with this (lower-case) name.
    public func attribute(_ name: String) -> String? {
        guard case .element(_, let attributes) = kind else { return nil }
        return attributes.first { $0.name == name }?.value
    }

    /// All text inside the node, in document order, markup dropped.
    public var textContent: String {
        switch kind {
        case .text(let text): return text
        case .element: return children.map(\.textContent).joined()
        }
    }

    /// Child elements (text nodes skipped).
    public var elements: [HTMLNode] { children.filter { $0.name != nil } }

    /// Every element below this node named `name`, in document order.
    public func descendants(named name: String) -> [HTMLNode] {
        var found: [HTMLNode] = []
        collect(named: name, into: &found)
        return found
    }
}

// MARK: - Private

private extension HTMLNode {
    func collect(named target: String, into found: inout [HTMLNode]) {
        for child in children where child.name != nil {
            if child.name == target { found.append(child) }
            child.collect(named: target, into: &found)
        }
    }
}
