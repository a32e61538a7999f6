// What a person does on the page, as reusable steps for the browser tests.
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { RESULTS, sha256Of } from './harness.mjs'

export const LONG = 120_000

export async function openApp(context, url) {
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('page error:', error))
  await page.goto(url)
  await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor()
  return page
}

const SAMPLE_SUMMARY = 'Folder sample_run_g0 (4 files)'

/** The folder picker, as the browser fills it: every file with its path relative to the folder's parent. */
export async function chooseFolder(page, folder) {
  await page.bringToFront() // a background tab does not take files
  await page.getByTestId('folder-input').setInputFiles(folder)
  await page.getByTestId('selection-summary').filter({ hasText: SAMPLE_SUMMARY }).waitFor()
}

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  )
}

/**
 * Drops a folder on the drop zone as Chromium delivers one: a directory entry whose reader yields
 * file entries with their full paths. Playwright cannot drag from the desktop, so the drop event
 * is dispatched with that structure; everything from the drop zone on is the app's own code.
 */
export async function dropFolder(page, folder, summary = SAMPLE_SUMMARY) {
  const parent = join(folder, '..')
  const files = filesUnder(folder).map((path) => ({
    path: `/${relative(parent, path)}`,
    base64: readFileSync(path).toString('base64'),
  }))
  await page.bringToFront()
  await page.getByRole('region', { name: 'Drop zone for the recording folder' }).evaluate(
    async (zone, { name, files }) => {
      const fileEntry = ({ path, base64 }) => ({
        isFile: true,
        isDirectory: false,
        name: path.split('/').pop(),
        fullPath: path,
        file: (done) => done(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], path.split('/').pop())),
      })
      // One flat reader is enough: file-selector keeps each entry's fullPath as the file's path.
      const folderEntry = {
        isFile: false,
        isDirectory: true,
        name,
        fullPath: `/${name}`,
        createReader: () => {
          let read = false
          return {
            readEntries: (done) => {
              const entries = read ? [] : files.map(fileEntry)
              read = true
              done(entries)
            },
          }
        },
      }
      const dataTransfer = {
        types: ['Files'],
        files: [],
        items: [{ kind: 'file', type: '', getAsFile: () => null, webkitGetAsEntry: () => folderEntry }],
      }
      const dispatch = (type) => {
        const event = new Event(type, { bubbles: true, cancelable: true })
        Object.defineProperty(event, 'dataTransfer', { value: dataTransfer })
        zone.dispatchEvent(event)
      }
      dispatch('dragenter')
      dispatch('dragover')
      // A hand takes a moment to let go; the drop zone settles its drag state in between.
      await new Promise((done) => setTimeout(done, 100))
      dispatch('drop')
    },
    { name: basename(folder), files },
  )
  await page.getByTestId('selection-summary').filter({ hasText: summary }).waitFor()
}

export const FULL_METADATA = {
  subject_id: 'm042',
  session_description: 'Sample Neuropixels recording in V1 during passive viewing',
  experimenter: 'Smith, Jane',
  institution: 'University of Example',
  lab: 'Smith Lab',
  keywords: 'visual cortex, neuropixels',
  electrode_location: 'VISp',
}

export async function fillFullMetadata(page) {
  for (const [name, value] of Object.entries(FULL_METADATA)) await page.locator(`#meta-${name}`).fill(value)
  await page.locator('#meta-species').fill('Mus musculus')
  await page.locator('#meta-age').fill('P90D')
  await page.locator('#meta-sex').click()
  await page.getByRole('option', { name: 'F — female' }).click()
  await page.locator('#meta-session_start_time').fill('2024-03-05T14:30')
  await pickZone(page, page, 'meta-session_start_time', 'America/New_York')
  await page.getByText('Sent as 2024-03-05T14:30:00-05:00').waitFor()
  await page.getByText('All required metadata given.').waitFor()
}

/** Chooses a time zone in a session start field (`id` is the field's, within `scope`). */
export async function pickZone(page, scope, id, zone) {
  await scope.locator(`#${id}-zone`).fill(zone)
  await page.getByRole('option', { name: zone, exact: true }).click()
}

export async function start(page) {
  await page.bringToFront()
  await page.getByRole('button', { name: 'Start conversion' }).click()
}

export async function sayInChat(page, text) {
  const chat = page.getByRole('textbox', { name: 'Message to the assistant' })
  await chat.fill(text)
  await chat.press('Enter')
  await page.getByRole('log', { name: 'Messages' }).locator('[data-role="user"]').filter({ hasText: text }).waitFor()
}

/** The verdict banner once the evaluation is done: 'passed', 'warnings' or 'failed'. */
export async function verdict(page) {
  const banner = page.getByTestId('validation-banner')
  await banner.waitFor({ timeout: LONG })
  return banner.getAttribute('data-verdict')
}

/** The decision panel once it asks for the given kind (retry_approval, improvement_approval, no_progress, ...). */
export async function decision(page, kind) {
  const panel = page.locator(`[data-testid="decision"][data-kind="${kind}"]`)
  await panel.waitFor({ timeout: LONG })
  return panel
}

export async function expectFinalStatus(page, validationStatus) {
  await page.locator(`[data-testid="final-status"][data-status="${validationStatus}"]`).waitFor({ timeout: LONG })
}

// Answers as a person would type them; the page and the server turn them into DANDI's forms.
export const ANSWERS = {
  subject_id: 'm042',
  species: 'mouse',
  sex: 'F — female',
  age: '12 weeks',
  session_description: 'Neuropixels recording in V1',
  experimenter: 'Smith, Jane',
  institution: 'MIT',
  lab: 'Smith Lab',
  experiment_description: 'Spontaneous activity in primary visual cortex',
  keywords: 'V1, Neuropixels',
  electrode_location: 'VISp',
  subject_description: 'Adult C57BL/6J mouse, head-fixed',
}

/** The names of the values the open dialog asks for. */
export async function askedFields(dialog) {
  const boxes = await dialog.locator('[data-testid^="ask-"]').all()
  return Promise.all(boxes.map(async (box) => (await box.getAttribute('data-testid')).slice('ask-'.length)))
}

/** Types one answer into its input in the dialog, whatever kind of input it is. */
export async function answer(page, dialog, name, value) {
  const input = dialog.locator(`#ask-${name}`)
  if (name === 'sex') {
    await input.click()
    await page.getByRole('option', { name: value }).click()
  } else {
    await input.fill(value)
    await input.blur()
  }
}

/** Downloads through the page's link and checks the file's SHA-256 against the one shown. */
export async function downloadAndCheck(page, linkTestId, shaTestId) {
  const shown = (await page.getByTestId(shaTestId).textContent()).replace(/^.*SHA-256\s*/, '').trim()
  assert.match(shown, /^[0-9a-f]{64}$/)
  const path = await download(page, page.getByTestId(linkTestId))
  assert.equal(await sha256Of(path), shown, `SHA-256 of ${basename(path)} differs from the page`)
  return path
}

/** Clicks a download link and keeps the file under test-results/downloads. */
export async function download(page, link) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()])
  const dir = join(RESULTS, 'downloads')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, file.suggestedFilename())
  await file.saveAs(path)
  return path
}
