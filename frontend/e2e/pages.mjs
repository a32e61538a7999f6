// What a person does on the page, as reusable steps for the browser tests.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { RESULTS, sha256Of } from './harness.mjs'

export const LONG = 120_000

export async function openApp(context, url) {
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('page error:', error))
  await page.goto(url)
  await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor()
  return page
}

/** The folder picker, as the browser fills it: every file with its path relative to the folder's parent. */
export async function chooseFolder(page, folder) {
  await page.bringToFront() // a background tab does not take files
  await page.getByTestId('folder-input').setInputFiles(folder)
  await page.getByTestId('selection-summary').filter({ hasText: 'Folder sample_run_g0 (4 files)' }).waitFor()
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
  await page.locator('#meta-session_start_time-zone').fill('America/New_York')
  await page.getByRole('option', { name: 'America/New_York' }).click()
  await page.getByText('Sent as 2024-03-05T14:30:00-05:00').waitFor()
  await page.getByText('All required metadata given.').waitFor()
}

export async function start(page) {
  await page.bringToFront()
  await page.getByRole('button', { name: 'Start conversion' }).click()
}

/** The verdict banner once the evaluation is done: 'passed', 'warnings' or 'failed'. */
export async function verdict(page) {
  const banner = page.getByTestId('validation-banner')
  await banner.waitFor({ timeout: LONG })
  return banner.getAttribute('data-verdict')
}

export async function expectFinalStatus(page, word) {
  await page.getByTestId('final-status').filter({ hasText: `(${word})` }).waitFor({ timeout: LONG })
}

/** Downloads through the page's link and checks the file's SHA-256 against the one shown. */
export async function downloadAndCheck(page, linkTestId, shaTestId) {
  const shown = (await page.getByTestId(shaTestId).innerText()).replace(/^.*SHA-256\s*/, '').trim()
  assert.match(shown, /^[0-9a-f]{64}$/)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(linkTestId).click()])
  const dir = join(RESULTS, 'downloads')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, download.suggestedFilename())
  await download.saveAs(path)
  assert.equal(await sha256Of(path), shown, `SHA-256 of ${download.suggestedFilename()} differs from the page`)
  return path
}
