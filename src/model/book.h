/* book.h - lessons as data: a lesson's steps and commands, and a book of
 * lessons. lesson.h reads them from files; lesson_run.h shows them; the
 * state points at the book it follows. */
#ifndef BOOK_H
#define BOOK_H

#include <stdbool.h>

enum {
	LESSON_FILE_MAX = 65536,	/* bytes in a file */
	LESSON_LINE_MAX = 1000,		/* bytes in a line, without '\n' */
	LESSON_STEPS_MAX = 20,		/* steps in a lesson */
	LESSON_CMDS_MAX = 16,		/* commands in a step */
	LESSON_CMD_MAX = 128,		/* bytes in a command, NUL included */
	LESSON_TITLE_MAX = 160,		/* bytes in a title, NUL included */
	LESSON_ABOUT_MAX = 320,		/* bytes in `about`, NUL included */
	LESSON_CAPTION_MAX = 2048,	/* bytes in a caption, NUL included */
	LESSON_NAME_MAX = 64,		/* bytes in a name, NUL included */
	LESSON_PATH_MAX = 1024,		/* bytes in a path, NUL included */
	LESSON_ERR_MAX = 1280,		/* room for any message, path included */
	LESSON_BOOK_MAX = 32,		/* lessons in a folder */
	LESSON_OPTIONS_MAX = 5,		/* options of a question: a .. e */
	LESSON_QUESTION_MAX = 400,	/* bytes in a question, NUL included */
	LESSON_OPTION_MAX = 200		/* bytes in an option, NUL included */
};

struct lesson_cmd {
	char text[LESSON_CMD_MAX];	/* the command, without ':' */
	int line;			/* its line in the file, for messages */
};

/* A step's question (lesson.h: "ask:"): the student predicts before the
 * step shows what it is about. */
struct lesson_ask {
	char question[LESSON_QUESTION_MAX];	/* "": the step asks nothing */
	int line;			/* line of the "ask:" */
	int noptions;			/* 2 .. LESSON_OPTIONS_MAX */
	char option[LESSON_OPTIONS_MAX][LESSON_OPTION_MAX];
					/* option i is letter 'a' + i */
	int answer;			/* the right option's index */
	int at;				/* the step's commands before the
					 * "ask:" line: they make the screen
					 * the question is asked over; the
					 * rest run once it is answered */
};

struct lesson_step {
	char title[LESSON_TITLE_MAX];	/* after "==" */
	int line;			/* line of the "==" */
	int ncmds;			/* commands in cmd */
	struct lesson_cmd cmd[LESSON_CMDS_MAX];
	char caption[LESSON_CAPTION_MAX];	/* paragraphs separated by '\n';
						 * valid UTF-8, no controls but
						 * '\n' */
	struct lesson_ask ask;		/* its question, if any */
};

struct lesson {
	char name[LESSON_NAME_MAX];	/* "positions" for 01-positions.txt */
	int number;			/* 1 for 01-positions.txt; 0 if none */
	char path[LESSON_PATH_MAX];	/* the file it came from */
	char title[LESSON_TITLE_MAX];	/* `title:` */
	char about[LESSON_ABOUT_MAX];	/* `about:` */
	int nsteps;			/* 1 .. LESSON_STEPS_MAX */
	struct lesson_step step[LESSON_STEPS_MAX];
};

/* The lessons of one folder, in file-name order. */
struct lesson_book {
	int count;				/* lessons loaded */
	struct lesson *lesson[LESSON_BOOK_MAX];	/* owned by the book */
	char dir[LESSON_PATH_MAX];		/* where they came from */
	int skipped;				/* files that did not load */
	char error[LESSON_ERR_MAX];		/* the first of those errors */
	bool error_unreadable;			/* whether its file could not
						 * be read (else: bad data) */
	char left_out[LESSON_ERR_MAX];		/* "" or which files came after
						 * the first LESSON_BOOK_MAX
						 * and were not read */
};

#endif
