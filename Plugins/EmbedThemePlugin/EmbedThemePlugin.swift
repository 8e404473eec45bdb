import Foundation
import PackagePlugin

/// Compiles `Templates/default/` into the `LinkyTheme` module, so an installed binary carries its theme.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "Templates/default")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let inputs = try themeFiles(in: themeFolder)
        return [
            .buildCommand(
                displayName: "Embedding the default theme (\(inputs.count) files)",
                executable: try context.tool(named: "EmbedTheme").url,
                arguments: [themeFolder.path(), output.path()],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func themeFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path() < $1.path() }
    }
}
