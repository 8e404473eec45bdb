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

/// Parses XML (an OPML feed list) with libxml2's XML parser, forgiving (it recovers from errors as
/// far as it can), with no network, no DTD and no entity expansion, into the same plain values, each
/// element with its line. Element and attribute names keep their case (`xmlUrl`).
public enum XMLDocument {
    /// The root element, or nil when the bytes are not XML at all.
    public static func parse(bytes: [UInt8]) -> HTMLNode? {
        HTMLDocument.prepare()
        guard !bytes.isEmpty else { return nil }
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(clamping: buffer.count), nil, nil, options)
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        return HTMLDocument.convert(root, depth: 0, keepingCase: true)
    }
}

extension HTMLDocument {
    static func prepare() { _ = initialise }
}

private extension HTMLDocument {
    /// libxml2 wants `xmlInitParser` once, before parsing on several threads.
    static let initialise: Void = { xmlInitParser() }()

    /// Deeper than this, a document is hostile; what is below is dropped rather than overflowing the stack.
    static let maximumDepth = 512

    static func convert(_ node: xmlNodePtr, depth: Int, keepingCase: Bool = false) -> HTMLNode? {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            guard let content = node.pointee.content else { return nil }
            return HTMLNode(kind: .text(String(cString: content)))
        case XML_ELEMENT_NODE:
            let raw = node.pointee.name.map { String(cString: $0) } ?? ""
            let name = keepingCase ? raw : raw.lowercased()
            var attributes: [HTMLNode.Attribute] = []
            var attribute = node.pointee.properties
            while let current = attribute {
                let rawName = current.pointee.name.map { String(cString: $0) } ?? ""
                let attributeName = keepingCase ? rawName : rawName.lowercased()
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
                    if let converted = convert(current, depth: depth + 1, keepingCase: keepingCase) {
                        children.append(converted)
                    }
                    child = current.pointee.next
                }
            }
            return HTMLNode(
                kind: .element(name: name, attributes: attributes), children: children,
                line: keepingCase ? Int(xmlGetLineNo(node)) : nil)
        default:
            return nil
        }
    }
}
