// How the page loads one model folder into a worker of its own: fetch the three files and start a
// worker at the same time, load, read the model's info. The worker is disposed if any step fails.
// Every lesson's ModelSet uses it, then derives what its figures need from the info.

import { EngineClient } from '../../engine/engine';
import {
  fetchManifest,
  fetchModelFolder,
  type DownloadProgress,
  type ModelFolder,
} from '../../engine/model-folder';
import { fetchAsset } from '../../engine/assets';
import { defaultModelBase } from '../../engine/model-base';
import type { ModelInfo } from '../../engine/records';

export interface EngineModel {
  engine: EngineClient;
  info: ModelInfo;
}

export async function loadEngineModel(
  folderName: string,
  onProgress?: DownloadProgress,
): Promise<EngineModel> {
  // A page that cannot start the engine says so before it downloads the model.
  await EngineClient.preflight();
  let engine: EngineClient | null = null;
  try {
    const [folder, client] = await Promise.all([
      fetchModelFolder(defaultModelBase(), folderName, fetchAsset, onProgress),
      EngineClient.create(),
    ]);
    engine = client;
    await engine.load(folder.config, folder.weights, folder.card);
    return { engine, info: await engine.info() };
  } catch (error) {
    engine?.dispose();
    throw error;
  }
}

/** Loads a folder the page already holds (one the student opened) into a worker of its own. */
export async function loadEngineFolder(folder: ModelFolder): Promise<EngineModel> {
  const engine = await EngineClient.create();
  try {
    await engine.load(folder.config, folder.weights, folder.card);
    return { engine, info: await engine.info() };
  } catch (error) {
    engine.dispose();
    throw error;
  }
}

/** The folder names models/index.json lists ([] without a manifest). */
export async function servedFolders(): Promise<string[]> {
  return (await fetchManifest(defaultModelBase())).models;
}

/**
 * A loader for ModelSet: loads the folder, then `derive` adds what the lesson's figures need (the
 * worker is disposed if that throws too).
 */
export function modelLoader<M>(
  derive: (loaded: EngineModel) => M,
): (folder: string, onProgress?: DownloadProgress) => Promise<M> {
  return async (folder, onProgress) => {
    const loaded = await loadEngineModel(folder, onProgress);
    try {
      return derive(loaded);
    } catch (error) {
      loaded.engine.dispose();
      throw error;
    }
  };
}

/** The same for a folder the student opened (ModelSet's loadLocal). */
export function localLoader<M>(derive: (loaded: EngineModel) => M): (folder: ModelFolder) => Promise<M> {
  return async (from: ModelFolder): Promise<M> => {
    const loaded = await loadEngineFolder(from);
    try {
      return derive(loaded);
    } catch (error) {
      loaded.engine.dispose();
      throw error;
    }
  };
}
