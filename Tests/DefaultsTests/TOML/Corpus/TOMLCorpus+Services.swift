/// Files of hosting and site tools: deploys, a static site, serverless settings, a book.
extension TOMLCorpus {
	static let services: [TOMLCorpusFile] = [netlify, hugo, fly, wrangler, samconfig, mdBook]

	static let netlify = TOMLCorpusFile(name: "netlify.toml", text: #"""
	# Settings in the [build] context are global and are applied to
	# all contexts unless otherwise overridden by more specific contexts.
	[build]
	  base = "site/"
	  publish = "public/"
	  command = "npm run build"

	  [build.environment]
	    NODE_VERSION = "20"
	    HUGO_VERSION = "0.128.0"

	# Production context: all deploys from the main branch
	[context.production]
	  command = "npm run build:prod"

	[[redirects]]
	  from = "/old-path"
	  to = "/new-path"
	  status = 301
	  force = false

	[[headers]]
	  for = "/*"
	  [headers.values]
	    X-Frame-Options = "DENY"
	    X-XSS-Protection = "1; mode=block"

	"""#, edits: [
		.init(path: ["redirects", "0", "status"], value: 302, before: "status = 301", after: "status = 302"),
		.init(path: ["headers", "0", "values", "X-XSS-Protection"], value: nil, before: "    X-XSS-Protection = \"1; mode=block\"\n", after: ""),
		.init(path: ["build", "environment", "NPM_FLAGS"], value: "--prefer-offline",
		      before: "    HUGO_VERSION = \"0.128.0\"\n", after: "    HUGO_VERSION = \"0.128.0\"\n    NPM_FLAGS = \"--prefer-offline\"\n"),
	])

	static let hugo = TOMLCorpusFile(name: "hugo.toml", text: #"""
	baseURL = 'https://example.org/'
	languageCode = 'en-us'
	title = 'My New Hugo Site'
	theme = 'ananke'
	paginate = 5
	enableRobotsTXT = true

	[params]
	  description = 'Notes on things'
	  favicon = '/favicon.ico'
	  published = 2024-03-01T09:00:00Z

	[markup.goldmark.renderer]
	  unsafe = true

	[[menus.main]]
	  name = 'Posts'
	  pageRef = '/posts'
	  weight = 10

	[[menus.main]]
	  name = 'Tags'
	  pageRef = '/tags'
	  weight = 20

	"""#, edits: [
		.init(path: ["params", "published"], value: "2024-06-15T18:30:00+02:00", before: "published = 2024-03-01T09:00:00Z", after: "published = 2024-06-15T18:30:00+02:00"),
		.init(path: ["paginate"], value: nil, before: "paginate = 5\n", after: ""),
		.init(path: ["markup", "goldmark", "renderer", "hardWraps"], value: false, before: "  unsafe = true\n", after: "  unsafe = true\n  hardWraps = false\n"),
	])

	static let fly = TOMLCorpusFile(name: "fly.toml", text: #"""
	# fly.toml app configuration file generated for weather-api on 2024-05-02T10:11:12+02:00
	#
	# See https://fly.io/docs/reference/configuration/ for information about how to use this file.
	#

	app = 'weather-api'
	primary_region = 'ams'

	[build]

	[env]
	  PORT = '8080'

	[http_service]
	  internal_port = 8080
	  force_https = true
	  auto_stop_machines = 'stop'
	  auto_start_machines = true
	  min_machines_running = 0
	  processes = ['app']

	[[vm]]
	  memory = '1gb'
	  cpu_kind = 'shared'
	  cpus = 1

	"""#, edits: [
		.init(path: ["vm", "0", "memory"], value: "2gb", before: "memory = '1gb'", after: "memory = '2gb'"),
		.init(path: ["http_service", "auto_stop_machines"], value: nil, before: "  auto_stop_machines = 'stop'\n", after: ""),
		.init(path: ["build", "dockerfile"], value: "Dockerfile.prod", before: "[build]\n", after: "[build]\ndockerfile = \"Dockerfile.prod\"\n"),
	])

	static let wrangler = TOMLCorpusFile(name: "wrangler.toml", text: #"""
	#:schema node_modules/wrangler/config-schema.json
	name = "image-resizer"
	main = "src/index.ts"
	compatibility_date = 2024-09-23
	compatibility_flags = [ "nodejs_compat" ]
	workers_dev = false

	[vars]
	API_HOST = "example.com"
	API_ACCOUNT_ID = "example_user"
	SERVICE_X_DATA = { URL = "service-x-api.dev.example", MY_ID = 123 }

	[[kv_namespaces]]
	binding = "CACHE"
	id = "0f2ac74b498b48028cb68387c421e279"

	[[r2_buckets]]
	binding = "IMAGES"
	bucket_name = "images"

	[triggers]
	crons = [ "0 * * * *" ]

	"""#, edits: [
		.init(path: ["compatibility_date"], value: "2024-11-01", before: "compatibility_date = 2024-09-23", after: "compatibility_date = 2024-11-01"),
		.init(path: ["triggers"], value: nil, before: "\n[triggers]\ncrons = [ \"0 * * * *\" ]\n", after: ""),
		.init(path: ["vars", "DEBUG"], value: false,
		      before: "MY_ID = 123 }\n", after: "MY_ID = 123 }\nDEBUG = false\n"),
	])

	static let samconfig = TOMLCorpusFile(name: "samconfig.toml", text: #"""
	# More information about the configuration file can be found here:
	# https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/serverless-sam-cli-config.html
	version = 0.1

	[default.global.parameters]
	stack_name = "orders"

	[default.build.parameters]
	cached = true
	parallel = true

	[default.deploy.parameters]
	capabilities = "CAPABILITY_IAM"
	confirm_changeset = true
	resolve_s3 = true
	region = "eu-west-1"

	[prod.deploy.parameters]
	stack_name = "orders-prod"
	region = "eu-central-1"

	"""#, edits: [
		.init(path: ["default", "deploy", "parameters", "confirm_changeset"], value: false, before: "confirm_changeset = true", after: "confirm_changeset = false"),
		.init(path: ["prod"], value: nil, before: "\n[prod.deploy.parameters]\nstack_name = \"orders-prod\"\nregion = \"eu-central-1\"\n", after: ""),
		.init(path: ["default", "local_start_api", "parameters"], value: ["warm_containers": "EAGER"],
		      before: "region = \"eu-west-1\"\n", after: "region = \"eu-west-1\"\n\n[default.local_start_api.parameters]\nwarm_containers = \"EAGER\"\n"),
	])

	static let mdBook = TOMLCorpusFile(name: "book.toml", text: #"""
	[book]
	title = "The Guide"
	authors = ["Ann Example"]
	language = "en"
	multilingual = false
	src = "src"

	[build]
	build-dir = "book"
	create-missing = false

	[output.html]
	git-repository-url = "https://example.org/guide"
	edit-url-template = "https://example.org/guide/edit/main/{path}"
	additional-css = ["theme/custom.css"]

	[output.html.fold]
	enable = true	# fold the chapters
	level = 1

	[preprocessor.links]

	"""#, edits: [
		.init(path: ["output", "html", "fold", "level"], value: 2, before: "level = 1", after: "level = 2"),
		.init(path: ["book", "multilingual"], value: nil, before: "multilingual = false\n", after: ""),
		.init(path: ["output", "html", "site-url"], value: "/guide/",
		      before: "additional-css = [\"theme/custom.css\"]\n", after: "additional-css = [\"theme/custom.css\"]\nsite-url = \"/guide/\"\n"),
	])
}
