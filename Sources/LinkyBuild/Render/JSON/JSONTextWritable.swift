/// A document `JSONText` writes; each writes its keys in UTF-8 order.
protocol JSONTextWritable {
    func write(to json: inout JSONText)
}

extension JSONTextWritable {
    /// The bytes `DataEncoding.json(self, pretty:)` gives; `capacity` is how many are expected.
    func json(pretty: Bool, capacity: Int = 0) -> [UInt8] {
        var json = JSONText(pretty: pretty, capacity: capacity)
        write(to: &json)
        return json.finish()
    }

    /// `prefix`, the bytes `json(pretty: false)` gives without their final newline, then `suffix`: the
    /// document as a script, written once.
    func script(_ prefix: String, _ suffix: String, capacity: Int = 0) -> [UInt8] {
        var json = JSONText(pretty: false, capacity: capacity, prefix: prefix)
        write(to: &json)
        return json.finish(suffix: suffix)
    }
}
