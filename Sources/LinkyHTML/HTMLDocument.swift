import CLibXML2

/// Parses HTML the way browsers forgive it (unclosed `<p>`, `<dt>`, stray end tags, entities), with
/// libxml2's HTML parser, into plain `HTMLNode` values. Nothing is fetched: no DTD, no network.
public enum HTMLDocument {
    /// Parses raw bytes, finding their encoding first (see `Charset.detect`).
    public static func parse(bytes: [UInt8], contentType: String? = nil) -> HTMLNode {
        parse(Charset.detect(bytes: bytes, contentType: contentType).decode(bytes))
    }

    /// Parses text; the result is the `<html>` element (libxml2 adds `html`/`head`/`body` as browsers do).
    public static func parse(_ text: String) -> HTMLNode {
        initialise
        var utf8 = Array(text.utf8)
        if utf8.isEmpty { utf8 = Array("<html></html>".utf8) }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
        let document = utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(clamping: buffer.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return HTMLNode(kind: .element(name: "html", attributes: [])) }
        defer { xmlFreeDoc(document) }
        var roots: [HTMLNode] = []
        var child = document.pointee.children
        while let node = child {
            if let converted = convert(node, depth: 0) { roots.append(converted) }
            child = node.pointee.next
        }
        if roots.count == 1, roots[0].name == "html" { return roots[0] }
        return HTMLNode(kind: .element(name: "html", attributes: []), children: roots)
    }
}

// MARK: - Private

private extension HTMLDocument {
    /// libxml2 wants `xmlInitParser` once, before parsing on several threads.
    static let initialise: Void = { xmlInitParser() }()

    /// Deeper than this, a document is hostile; what is below is dropped rather than overflowing the stack.
    static let maximumDepth = 512

    static func convert(_ node: xmlNodePtr, depth: Int) -> HTMLNode? {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            guard let content = node.pointee.content else { return nil }
            return HTMLNode(kind: .text(String(cString: content)))
        case XML_ELEMENT_NODE:
            let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            var attributes: [HTMLNode.Attribute] = []
            var attribute = node.pointee.properties
            while let current = attribute {
                let attributeName = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                var value = ""
                var part = current.pointee.children
                while let text = part {
                    if let content = text.pointee.content { value += String(cString: content) }
                    part = text.pointee.next
                }
                attributes.append(HTMLNode.Attribute(name: attributeName, value: value))
                attribute = current.pointee.next
            }
            var children: [HTMLNode] = []
            if depth < maximumDepth {
                var child = node.pointee.children
                while let current = child {
                    if let converted = convert(current, depth: depth + 1) { children.append(converted) }
                    child = current.pointee.next
                }
            }
            return HTMLNode(kind: .element(name: name, attributes: attributes), children: children)
        default:
            return nil
        }
    }
}
