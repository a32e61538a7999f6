// Test harness for the browser tests: the real backend (offline LLM) serving the built app on a
// free port with its own temporary folders, and Debian's Chromium driven by playwright-core.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = resolve(FRONTEND, '..')
const CLI = join(ROOT, '.venv', 'bin', 'agentic-neurodata')
export const RESULTS = join(FRONTEND, 'test-results')
export const SCREENSHOTS = join(RESULTS, 'screenshots')
const HEALTH_TIMEOUT_MS = 180_000

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

/** Starts `agentic-neurodata serve`; resolves once /health answers. */
export async function startBackend() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run scripts/test.sh (it creates .venv) first.`)
  const dist = join(FRONTEND, 'dist')
  if (!existsSync(join(dist, 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build` first.')
  const work = mkdtempSync(join(tmpdir(), 'and-e2e-'))
  const port = await freePort()
  mkdirSync(RESULTS, { recursive: true })
  const log = createWriteStream(join(RESULTS, 'backend.log'))
  const server = spawn(CLI, ['serve', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: work,
    env: {
      ...process.env,
      LLM_PROVIDER: 'offline',
      ANTHROPIC_API_KEY: '',
      API_TOKEN: '',
      UPLOAD_DIR: join(work, 'uploads'),
      OUTPUT_DIR: join(work, 'outputs'),
      LOG_DIR: join(work, 'logs'),
      STATE_DIR: join(work, 'state'),
      FRONTEND_DIST: dist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.pipe(log)
  server.stderr.pipe(log)
  let exited = false
  server.once('exit', () => {
    exited = true
  })
  // Whatever happens to the tests, the server must not outlive them.
  const killOnExit = () => server.kill('SIGKILL')
  process.once('exit', killOnExit)

  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    process.removeListener('exit', killOnExit)
    if (!exited) {
      server.kill('SIGTERM')
      const gone = await Promise.race([
        new Promise((done) => server.once('exit', () => done(true))),
        new Promise((done) => setTimeout(() => done(false), 10_000)),
      ])
      if (!gone) server.kill('SIGKILL')
    }
    rmSync(work, { recursive: true, force: true })
  }

  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited) break
    try {
      const answer = await fetch(`${url}/health`)
      if (answer.ok) return { url, work, stop }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  await stop()
  throw new Error(`The backend did not become healthy; see ${join(RESULTS, 'backend.log')}`)
}

/** Writes the sample SpikeGLX recording; returns the path of its folder. */
export function makeSampleData(parent) {
  const target = join(parent, 'sample')
  execFileSync(CLI, ['sample-data', target], { stdio: 'ignore' })
  return join(target, 'sample_run_g0')
}

/**
 * An experiment of three sessions in `<subject>/<session>` folders: two small generated SpikeGLX runs
 * and a real Intan recording from the shared recordings (linked, never copied into the project).
 */
export function makeExperiment(parent) {
  const root = join(parent, 'experiment')
  for (const day of ['day1', 'day2']) {
    execFileSync(CLI, ['sample-data', join(root, 'm1', day), '--channels', '4', '--seconds', '0.5'], {
      stdio: 'ignore',
    })
  }
  const realdata = process.env.REALDATA_DIR || join(ROOT, '..', 'shared', 'realdata')
  mkdirSync(join(root, 'm2', 'day1'), { recursive: true })
  symlinkSync(join(realdata, 'intan', 'example_intan_file.rhd'), join(root, 'm2', 'day1', 'session.rhd'))
  return root
}

/** Writes a whole session (SpikeGLX run, its Phy/Kilosort sorting, a trials table); returns its folder. */
export function makeSessionData(parent) {
  const target = join(parent, 'session')
  const python = join(ROOT, '.venv', 'bin', 'python')
  const script =
    'import sys\nfrom agentic_neurodata.sample_data import write_sample_session\nwrite_sample_session(sys.argv[1])'
  execFileSync(python, ['-c', script, target], { stdio: 'ignore' })
  return join(target, 'sample_run_g0')
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium, headless, with a fresh profile; never a downloaded browser. */
export async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!existsSync(executablePath))
    throw new Error(`No Chromium at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH.`)
  const profile = mkdtempSync(join(tmpdir(), 'and-e2e-profile-'))
  // A persistent context is how playwright takes an explicit --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
  })
  const close = async () => {
    await context.close().catch(() => {})
    rmSync(profile, { recursive: true, force: true })
  }
  return { context, close }
}

export async function sha256Of(path) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk)
  return hash.digest('hex')
}

/** The whole page; `fullPage: false` for a dialog or drawer, whose backdrop covers only the window. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  if (!fullPage) return page.screenshot({ path })
  // Playwright's fullPage capture resets scrolled boxes to their top (the chat would show its
  // oldest message): grow the window instead, scroll the chat back to its newest message as the
  // app does, and capture that.
  const size = page.viewportSize()
  await page.setViewportSize({
    width: size.width,
    height: await page.evaluate(() => document.documentElement.scrollHeight),
  })
  await page.evaluate(() => {
    for (const box of document.querySelectorAll('[role="log"]')) box.scrollTop = box.scrollHeight
  })
  await page.screenshot({ path })
  await page.setViewportSize(size)
}

/** Puts the service back to idle between tests (cancel works from every state). */
export async function resetService(url) {
  const answer = await fetch(`${url}/api/cancel`, { method: 'POST' })
  if (!answer.ok) throw new Error(`Reset failed: ${answer.status} ${await answer.text()}`)
  // A conversion cut short by a failed test stops at its next checkpoint: wait for it.
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const status = await (await fetch(`${url}/api/status`)).json()
    if (status.status === 'idle') return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error('The service did not come back to idle within 60 s of /api/cancel')
}

/** Uploads a folder as a lab script does (no browser, no Origin header); resolves to the 202 body. */
export async function uploadThroughApi(url, folder, metadata) {
  const form = new FormData()
  for (const [name, value] of Object.entries(metadata)) form.append(name, value)
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    )
  for (const path of walk(folder)) {
    form.append('files', new Blob([readFileSync(path)]), join(basename(folder), relative(folder, path)))
  }
  const answer = await fetch(`${url}/api/upload`, { method: 'POST', body: form })
  if (answer.status !== 202) throw new Error(`Upload failed: ${answer.status} ${await answer.text()}`)
  return answer.json()
}

/** Polls /api/status until `predicate(status)` holds. */
export async function waitForStatus(url, predicate, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  let status = null
  while (Date.now() < deadline) {
    status = await (await fetch(`${url}/api/status`)).json()
    if (predicate(status)) return status
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`Status did not settle: ${JSON.stringify(status)?.slice(0, 2000)}`)
}
