extension YAMLCorpusFile {
	static let dockerCompose = YAMLCorpusFile(
		name: "docker-compose.yml",
		text: #"""
# Local development stack
x-common: &common
  restart: unless-stopped
  logging:
    driver: "json-file"
    options:
      max-size: "10m"

services:
  web:
    <<: *common
    image: nginx:1.25   # pinned
    ports:
      - "8080:80"
      - "8443:443"
    depends_on: [api]

  api:
    <<: *common
    build: ./api
    environment:
      DATABASE_URL: postgres://app@db/app
      DEBUG: "false"
    command: >
      gunicorn app:server
      --workers 4

  db:
    image: postgres:16
    volumes:
      - db-data:/var/lib/postgresql/data
    environment:
      POSTGRES_DB: app

volumes:
  db-data: {}

"""#,
		replace: (["services", "web", "image"], "nginx:1.27", from: "image: nginx:1.25   # pinned", to: "image: nginx:1.27   # pinned"),
		remove: (["services", "api", "environment", "DEBUG"], lines: "      DEBUG: \"false\"\n"),
		add: (["services", "db", "shm_size"], "256mb", after: "      POSTGRES_DB: app\n", inserted: "    shm_size: 256mb\n")
	)

	static let kubernetes = YAMLCorpusFile(
		name: "deployment.yaml",
		text: #"""
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: "registry.example.com/web:2.4.1"
          ports:
            - containerPort: 8080
          resources:
            limits: {cpu: 500m, memory: 256Mi}
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
      targetPort: 8080

"""#,
		replace: (["spec", "replicas"], 5, from: "  replicas: 3\n", to: "  replicas: 5\n"),
		remove: (["metadata", "labels"], lines: "  labels:\n    app: web\n"),
		add: (["spec", "paused"], false, after: "            limits: {cpu: 500m, memory: 256Mi}\n", inserted: "  paused: false\n")
	)

	static let helmValues = YAMLCorpusFile(
		name: "values.yaml",
		text: #"""
# Default values for the chart.
replicaCount: 1

image:
  repository: ghcr.io/example/app
  pullPolicy: IfNotPresent
  # Overrides the image tag whose default is the chart appVersion.
  tag: ""

serviceAccount:
  create: true
  annotations: {}
  name: ""

ingress:
  enabled: false
  className: ""
  hosts:
    - host: chart-example.local
      paths:
        - path: /
          pathType: ImplementationSpecific

resources: {}
  # limits:
  #   cpu: 100m

nodeSelector: {}
tolerations: []

"""#,
		replace: (["image", "tag"], "1.4.2", from: "  tag: \"\"\n", to: "  tag: \"1.4.2\"\n"),
		remove: (["serviceAccount", "annotations"], lines: "  annotations: {}\n"),
		add: (["ingress", "tls"], .array([]), after: "          pathType: ImplementationSpecific\n", inserted: "  tls: []\n")
	)

	static let prometheus = YAMLCorpusFile(
		name: "prometheus.yml",
		text: #"""
global:
  scrape_interval: 15s # Set the scrape interval to every 15 seconds.
  evaluation_interval: 15s

alerting:
  alertmanagers:
    - static_configs:
        - targets: ['alertmanager:9093']

rule_files:
  - "first_rules.yml"

scrape_configs:
  - job_name: "prometheus"
    static_configs:
      - targets: ["localhost:9090"]

"""#,
		replace: (["global", "scrape_interval"], "30s", from: "scrape_interval: 15s #", to: "scrape_interval: 30s #"),
		remove: (["rule_files"], lines: "rule_files:\n  - \"first_rules.yml\"\n"),
		add: (["global", "scrape_timeout"], "10s", after: "  evaluation_interval: 15s\n", inserted: "  scrape_timeout: 10s\n")
	)

	static let netplan = YAMLCorpusFile(
		name: "01-netcfg.yaml",
		text: #"""
# This file describes the network interfaces available on your system
network:
  version: 2
  renderer: networkd
  ethernets:
    enp3s0:
      dhcp4: no
      addresses:
        - 192.168.1.10/24
      routes:
        - to: default
          via: 192.168.1.1
      nameservers:
        addresses: [8.8.8.8, 1.1.1.1]

"""#,
		replace: (["network", "ethernets", "enp3s0", "nameservers", "addresses"], ["9.9.9.9", "1.1.1.1"], from: "[8.8.8.8, 1.1.1.1]", to: "[9.9.9.9, 1.1.1.1]"),
		remove: (["network", "renderer"], lines: "  renderer: networkd\n"),
		add: (["network", "ethernets", "enp3s0", "mtu"], 9000, after: "        addresses: [9.9.9.9, 1.1.1.1]\n", inserted: "      mtu: 9000\n")
	)

	static let openAPI = YAMLCorpusFile(
		name: "openapi.yaml",
		text: #"""
openapi: 3.0.3
info:
  title: Settings API
  description: |
    Reads and changes a program's settings.

    Every change is saved at once.
  version: 1.0.0
servers:
  - url: https://api.example.com/v1
paths:
  /settings:
    get:
      summary: All settings
      responses:
        '200':
          description: The settings
"""#,
		replace: (["info", "description"], "Reads a program's settings.\nChanges are saved at once.\n", from: "    Reads and changes a program's settings.\n\n    Every change is saved at once.\n", to: "    Reads a program's settings.\n    Changes are saved at once.\n"),
		remove: (["servers"], lines: "servers:\n  - url: https://api.example.com/v1\n"),
		add: (["info", "license"], ["name": "MIT"], after: "  version: 1.0.0\n", inserted: "  license:\n    name: MIT\n")
	)
}
