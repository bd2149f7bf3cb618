/* sudokusat: Sudoku puzzles to SAT and back.  The umbrella header. */
#ifndef SUDOKUSAT_H
#define SUDOKUSAT_H

#include "sks_encoder.h"
#include "sks_formats.h"
#include "sks_solver.h"
#include "sks_dlx.h"
#include "sks_analog.h"
#include "sks_decoder.h"
#include "sks_human.h"
#include "sks_canon.h"
#include "sks_author.h"
#include "sks_checker.h"
#include "sks_prove.h"

#endif
