@testable import DefaultsSchema
import Testing

/// Catalogue patterns matched as SchemaStore and VS Code match them, and how specific each is.
@Suite("Catalogue file patterns")
struct FilePatternTests {
	@Test(arguments: [
		// A pattern without `/` matches the file's name, anywhere.
		("starship.toml", "/home/me/.config/starship.toml", true),
		("starship.toml", "/home/me/.config/starship.toml.bak", false),
		("*.gitlab-ci.yml", "/src/app/.gitlab-ci.yml", true),
		("*.gitlab-ci.yml", "/src/app/ci/.gitlab-ci.yaml", false),
		("tsconfig.*.json", "/src/tsconfig.base.json", true),
		("tsconfig.*.json", "/src/tsconfig.json", false),
		("?eslintrc.json", "/src/.eslintrc.json", true),
		("?eslintrc.json", "/src/x/eslintrc.json", false),
		("compose.{yml,yaml}", "/srv/compose.yaml", true),
		("compose.{yml,yaml}", "/srv/compose.json", false),
		("[Dd]ockerfile.json", "/srv/dockerfile.json", true),
		("[!D]ockerfile.json", "/srv/Dockerfile.json", false),
		// With `/`: the path's end, at a folder boundary.
		(".github/workflows/**.yml", "/src/app/.github/workflows/ci.yml", true),
		(".github/workflows/**.yml", "/src/app/.github/workflows/nested/ci.yml", true),
		(".github/workflows/**.yml", "/src/app/ci.yml", false),
		(".github/workflows/**.yml", "/src/app/x.github/workflows/ci.yml", false),
		("**/docker-compose.yml", "/srv/docker-compose.yml", true),
		("**/docker-compose.yml", "docker-compose.yml", true),
		("**/data/*/recipes/*.json", "/pack/data/mod/recipes/a.json", true),
		("**/data/*/recipes/*.json", "/pack/data/mod/x/recipes/a.json", false),
		(".vscode/settings.json", "/p/.vscode/settings.json", true),
		(".vscode/settings.json", "/p/settings.json", false),
		// A leading `/` anchors the pattern at the root.
		("/etc/app.json", "/etc/app.json", true),
		("/etc/app.json", "/x/etc/app.json", false),
	])
	func matchesAsEditorsDo(pattern: String, path: String, matches: Bool) {
		#expect(FilePattern(pattern).matches(path: path) == matches, "\(pattern) on \(path)")
	}

	@Test func aNegatedPatternSaysSoAndMatchesWhatItExcludes() {
		let pattern = FilePattern("!**/node_modules/**")
		#expect(pattern.isNegated)
		#expect(pattern.matches(path: "/src/node_modules/x/package.json"))
	}

	@Test func aLiteralPathBeatsALiteralNameWhichBeatsAWildcardName() {
		let path = FilePattern(".vscode/settings.json").specificity
		let name = FilePattern("settings.json").specificity
		let wildcard = FilePattern("*.json").specificity
		let folderWithWildcardName = FilePattern(".github/workflows/*.yml").specificity
		#expect(path > name)
		#expect(name > wildcard)
		#expect(folderWithWildcardName > FilePattern("ci.yml").specificity, "naming folders narrows more than a name alone")
		#expect(FilePattern("tsconfig.*.json").specificity > FilePattern("*.json").specificity, "more literal characters win")
		#expect(FilePattern("**/compose.yml").specificity == FilePattern("compose.yml").specificity, "** names no folder")
	}

	@Test func patternsThatSayOnlyAFormatAreTooGeneric() {
		for generic in ["*.json", "**/*.yml", "*.yaml", "*", "*.toml"] {
			#expect(FilePattern(generic).isTooGeneric, "\(generic)")
		}
		for specific in ["*.gitlab-ci.yml", "*.webmanifest", "package.json", ".github/workflows/*.yml", "tsconfig.*.json"] {
			#expect(!FilePattern(specific).isTooGeneric, "\(specific)")
		}
	}

	@Test func bracesExpandNestedAndBounded() {
		#expect(FilePattern.expandBraces("a{b,c{d,e}}f", limit: 64) == ["abf", "acdf", "acef"])
		#expect(FilePattern.expandBraces("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}", limit: 64).count == 64)
	}
}
